import type { Kysely } from "kysely";

/* A song's children are found by the song they were made from: the song page lists them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("clips_root_clip_id")
    .on("clips")
    .columns(["root_clip_id", "created_at"])
    .execute();
}

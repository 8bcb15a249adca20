import type { Kysely } from "kysely";

/*
 * A song's video cover (a short looping video its owner uploaded) is its own file, apart from the
 * song's rendered video: setting one never replaces the other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clips").addColumn("video_cover_key", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clips").dropColumn("video_cover_key").execute();
}

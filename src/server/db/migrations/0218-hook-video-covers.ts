import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * A song's video cover shows in the hooks feed as a hook of its own (kind video_cover), so it is
 * liked, commented and paged like any hook; a song has at most one. Its owner hides it from the
 * feed with the clip's opt_out_video_cover_hook.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("hooks")
    .addColumn("kind", "text", (column) =>
      column.notNull().defaultTo("hook").check(sql`kind in ('hook', 'video_cover')`),
    )
    .execute();
  await db.schema
    .createIndex("hooks_one_video_cover")
    .on("hooks")
    .column("clip_id")
    .unique()
    .where(sql.ref("kind"), "=", "video_cover")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("hooks_one_video_cover").execute();
  await db.schema.alterTable("hooks").dropColumn("kind").execute();
}

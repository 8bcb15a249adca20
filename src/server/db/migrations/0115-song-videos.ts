import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * Song videos: the latest render request of each song's video and its state. The finished file is
 * the clip's video_key; a failed render keeps its message for the status poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("song_videos")
    .addColumn("clip_id", "uuid", (column) => column.primaryKey().references("clips.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('pending', 'complete', 'error')`),
    )
    .addColumn("error_message", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("song_videos_user")
    .on("song_videos")
    .columns(["user_id", "updated_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("song_videos").execute();
}

import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * Hooks: a short video tied to a song, made from a range of an uploaded video and a range of the
 * song. The form as sent, the rendered file, what automatic moderation found and the staff's review;
 * the likes and comments (replies one level deep) of posted hooks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("hooks")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("upload_id", "uuid", (column) => column.references("video_uploads.id").onDelete("set null"))
    .addColumn("status", "text", (column) =>
      column
        .notNull()
        .defaultTo("rendering")
        .check(
          sql`status in ('rendering', 'rendered_passed_moderation', 'rendered_failed_moderation', 'error')`,
        ),
    )
    .addColumn("error_message", "text")
    .addColumn("moderation_note", "text")
    .addColumn("staff_review", "text", (column) => column.check(sql`staff_review in ('passed', 'failed')`))
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("caption", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("allow_comments", "boolean", (column) => column.notNull().defaultTo(true))
    .addColumn("show_lyrics", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("custom_thumbnail_upload_id", "uuid", (column) =>
      column.references("video_uploads.id").onDelete("set null"),
    )
    .addColumn("song_start_s", "double precision", (column) => column.notNull())
    .addColumn("song_end_s", "double precision", (column) => column.notNull())
    .addColumn("song_volume", "integer", (column) => column.notNull())
    .addColumn("video_start_s", "double precision", (column) => column.notNull())
    .addColumn("video_end_s", "double precision", (column) => column.notNull())
    .addColumn("video_volume", "integer", (column) => column.notNull())
    .addColumn("video_key", "text")
    .addColumn("thumbnail_key", "text")
    .addColumn("duration_s", "double precision")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("hooks_user").on("hooks").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("hooks_feed").on("hooks").columns(["status", "created_at"]).execute();
  await db.schema
    .createTable("hook_likes")
    .addColumn("hook_id", "uuid", (column) => column.notNull().references("hooks.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("hook_likes_pk", ["hook_id", "user_id"])
    .execute();
  await db.schema
    .createTable("hook_comments")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("hook_id", "uuid", (column) => column.notNull().references("hooks.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("parent_id", "uuid", (column) => column.references("hook_comments.id").onDelete("cascade"))
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("hook_comments_hook")
    .on("hook_comments")
    .columns(["hook_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hook_comments").execute();
  await db.schema.dropTable("hook_likes").execute();
  await db.schema.dropTable("hooks").execute();
}

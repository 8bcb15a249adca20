import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * Video uploads: the file as the page sent it to storage, the finish call's fields, and what the
 * processing found (duration, size) and made (a thumbnail, a sprite when asked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("video_uploads")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("extension", "text", (column) => column.notNull())
    .addColumn("original_key", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column
        .notNull()
        .defaultTo("uploading")
        .check(sql`status in ('uploading', 'uploading-complete', 'processing', 'complete', 'error')`),
    )
    .addColumn("error_message", "text")
    .addColumn("upload_type", "text")
    .addColumn("upload_filename", "text")
    .addColumn("is_video_cover", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("require_video_sprite", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("fail_task_on_moderation", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("video_upload_type", "text")
    .addColumn("clip_id", "uuid", (column) => column.references("clips.id").onDelete("set null"))
    .addColumn("duration_s", "double precision")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("thumbnail_key", "text")
    .addColumn("sprite_key", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("video_uploads_user").on("video_uploads").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("video_uploads").execute();
}

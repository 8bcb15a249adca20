import type { Kysely } from "kysely";

/*
 * A hook's thumbnail is a frame of its video (thumbnail_time_s, in the uploaded video's time) or an
 * image its owner uploaded (custom_thumbnail_key, the re-encoded image's storage key). A video
 * upload as the thumbnail is gone: a picture is what a thumbnail is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("hooks")
    .dropColumn("custom_thumbnail_upload_id")
    .addColumn("custom_thumbnail_key", "text")
    .addColumn("thumbnail_time_s", "double precision")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("hooks")
    .dropColumn("thumbnail_time_s")
    .dropColumn("custom_thumbnail_key")
    .addColumn("custom_thumbnail_upload_id", "uuid")
    .execute();
}

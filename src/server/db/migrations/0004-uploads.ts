import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("extension", "text", (column) => column.notNull())
    .addColumn("is_stem_mix", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("status", "text", (column) =>
      column
        .notNull()
        .defaultTo("uploading")
        .check(
          sql`status in ('uploading', 'vocals_detected', 'initializing', 'complete', 'invalid_upload', 'cancelled', 'error')`,
        ),
    )
    .addColumn("error_message", "text")
    /** Storage keys: the file as sent, and the float WAV the engine plays, made from it. */
    .addColumn("original_key", "text", (column) => column.notNull())
    .addColumn("audio_key", "text")
    .addColumn("upload_type", "text")
    .addColumn("upload_filename", "text")
    .addColumn("title", "text")
    .addColumn("has_vocal", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("duration_s", "float8")
    .addColumn("sample_rate", "integer")
    .addColumn("channel_count", "integer")
    .addColumn("clip_id", "uuid", (column) => column.references("clips.id").onDelete("set null"))
    /** What initialize-clip was given (the studio's downbeats, a stem mix's sources), kept with the upload. */
    .addColumn("clip_context", "jsonb")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index uploads_user_created on uploads (user_id, created_at desc)`.execute(db);
  // Start-up looks for uploads whose processing a stop cut short.
  await sql`create index uploads_initializing on uploads (created_at) where status = 'initializing'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploads").execute();
}

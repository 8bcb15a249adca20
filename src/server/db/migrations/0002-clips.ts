import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("clips")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("status", "text", (column) =>
      column
        .notNull()
        .defaultTo("queued")
        .check(sql`status in ('queued', 'submitted', 'processing', 'streaming', 'complete', 'error')`),
    )
    .addColumn("caption", "text", (column) => column.notNull().defaultTo(""))
    /** Storage keys of the clip's media; URLs are derived when a clip is served. */
    .addColumn("audio_key", "text")
    .addColumn("image_key", "text")
    .addColumn("video_key", "text")
    .addColumn("is_public", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_trashed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_pinned", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("allow_comments", "boolean", (column) => column.notNull().defaultTo(true))
    .addColumn("play_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("upvote_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("model_name", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("major_model_version", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("root_clip_id", "uuid")
    .addColumn("project_id", "text")
    .addColumn("persona_id", "text")
    /** The clip's metadata (type, task, prompt, tags, duration, ...), validated by its zod schema. */
    .addColumn("metadata", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // A library is one user's clips, newest first: the feed's main path.
  await sql`create index clips_user_created on clips (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index clips_public_created on clips (created_at desc, id desc) where is_public and not is_trashed`.execute(
    db,
  );

  await db.schema
    .createTable("clip_reactions")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    /** L for like, D for dislike, as the wire format's reaction_type. */
    .addColumn("reaction_type", "text", (column) => column.notNull().check(sql`reaction_type in ('L', 'D')`))
    .addColumn("feedback_reason", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("clip_reactions_pk", ["user_id", "clip_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("clip_reactions").execute();
  await db.schema.dropTable("clips").execute();
}

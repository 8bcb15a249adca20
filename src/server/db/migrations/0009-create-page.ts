import { type Kysely, sql } from "kysely";

/*
 * What the create page's pickers keep: personas (a voice and style copied from a song), playlists,
 * saved prompts, and lyrics jobs. Ids are text holding a uuid, so clips.persona_id (text) joins
 * personas.id without a cast; user and clip columns are uuid, so they join users.id and clips.id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("personas")
    .addColumn("id", "text", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("root_clip_id", "uuid", (column) =>
      column.notNull().references("clips.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
    // The avatar POST /api/gen/prompt_image/ made, and the URL it is served at.
    .addColumn("image_s3_id", "text")
    .addColumn("image_url", "text")
    .addColumn("is_public", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_trashed", "boolean", (column) => column.notNull().defaultTo(false))
    // Kept in step with persona_loves in the same transaction, so lists sort on it without a count.
    .addColumn("upvote_count", "integer", (column) =>
      column.notNull().defaultTo(0).check(sql`upvote_count >= 0`),
    )
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index personas_user_created on personas (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index personas_public_name on personas (lower(name)) where is_public and not is_trashed`.execute(
    db,
  );

  for (const table of ["persona_loves", "persona_follows"]) {
    await db.schema
      .createTable(table)
      .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
      .addColumn("persona_id", "text", (column) =>
        column.notNull().references("personas.id").onDelete("cascade"),
      )
      .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${table}_pk`, ["user_id", "persona_id"])
      .execute();
    await sql`create index ${sql.raw(`${table}_persona`)} on ${sql.table(table)} (persona_id)`.execute(db);
  }

  await db.schema
    .createTable("playlists")
    .addColumn("id", "text", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("image_url", "text")
    .addColumn("is_public", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_trashed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index playlists_user_updated on playlists (user_id, updated_at desc, id desc)`.execute(db);

  await db.schema
    .createTable("playlist_clips")
    .addColumn("playlist_id", "text", (column) =>
      column.notNull().references("playlists.id").onDelete("cascade"),
    )
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("added_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    // A song is in a playlist once; adding it again keeps its place.
    .addPrimaryKeyConstraint("playlist_clips_pk", ["playlist_id", "clip_id"])
    .execute();
  await sql`create index playlist_clips_order on playlist_clips (playlist_id, position)`.execute(db);
  await sql`create index playlist_clips_clip on playlist_clips (clip_id)`.execute(db);

  await db.schema
    .createTable("saved_prompts")
    .addColumn("id", "text", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("gpt_description_prompt", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("lyrics", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("tags", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("negative_tags", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("sliders", "jsonb")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    // A saved prompt is there to refill styles or lyrics: one of them is always set.
    .addCheckConstraint("saved_prompts_has_content", sql`lyrics <> '' or tags <> ''`)
    .execute();
  await sql`create index saved_prompts_user_updated on saved_prompts (user_id, updated_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable("lyrics_jobs")
    .addColumn("id", "text", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("prompt", "text", (column) => column.notNull())
    .addColumn("lyrics_model", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("status", "text", (column) =>
      column.notNull().defaultTo("running").check(sql`status in ('running', 'done', 'error')`),
    )
    .addColumn("text", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("title", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("tags", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("error_message", "text")
    // Started by the create page (with its session token): a finished job reads "done" for it and
    // "complete" for third-party clients, which wait for that word.
    .addColumn("from_create_page", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The per-user rate limit counts a user's recent jobs.
  await sql`create index lyrics_jobs_user_created on lyrics_jobs (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "lyrics_jobs",
    "saved_prompts",
    "playlist_clips",
    "playlists",
    "persona_follows",
    "persona_loves",
    "personas",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

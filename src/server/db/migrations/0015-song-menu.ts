import { type Kysely, sql } from "kysely";

/*
 * The song menu's state: display tags and profile pins on the clip, reports (flags), Not
 * Interested marks, and contests (read-only until contests are run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("clips")
    .addColumn("display_tags", "text")
    .addColumn("pinned_at", "timestamptz")
    .execute();
  // A profile's pins, newest first.
  await sql`create index clips_user_pinned on clips (user_id, pinned_at desc) where is_pinned`.execute(db);

  // One report per user and song; a later report replaces it, an unflag removes it.
  await db.schema
    .createTable("clip_flags")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("details", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("clip_flags_pk", ["user_id", "clip_id"])
    .execute();
  await sql`create index clip_flags_clip on clip_flags (clip_id)`.execute(db);

  await db.schema
    .createTable("clip_not_interested")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("clip_not_interested_pk", ["user_id", "clip_id"])
    .execute();

  await db.schema
    .createTable("contests")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("base_clip_id", "uuid", (column) => column.references("clips.id").onDelete("set null"))
    .addColumn("is_active", "boolean", (column) => column.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

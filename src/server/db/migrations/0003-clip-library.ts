import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("clips")
    .addColumn("caption_mentions", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .execute();
  // The feed sorted by plays pages on (play_count, id), like the newest-first paths 0002 indexes.
  await sql`create index clips_public_plays on clips (play_count desc, id desc) where is_public and not is_trashed`.execute(
    db,
  );
  await sql`create index clips_user_plays on clips (user_id, play_count desc, id desc)`.execute(db);
  await sql`create index clip_reactions_clip on clip_reactions (clip_id)`.execute(db);

  // The download ledger behind the download quota: one row per user, clip and format per month, so
  // downloading the same song again that month costs nothing. No foreign key to clips: a deleted
  // song's downloads still count.
  await db.schema
    .createTable("clip_downloads")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull())
    .addColumn("format", "text", (column) => column.notNull())
    .addColumn("period", "date", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("clip_downloads_pk", ["user_id", "period", "clip_id", "format"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("clip_downloads").execute();
  await sql`drop index clip_reactions_clip`.execute(db);
  await sql`drop index clips_user_plays`.execute(db);
  await sql`drop index clips_public_plays`.execute(db);
  await db.schema.alterTable("clips").dropColumn("caption_mentions").execute();
}

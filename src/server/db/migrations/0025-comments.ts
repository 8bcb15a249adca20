import { type Kysely, sql } from "kysely";

/*
 * Comments on songs: top-level comments and one level of replies (a reply's parent has no parent;
 * the API keeps that rule, the tables only tie a reply to its parent). Deleting a comment deletes
 * its replies and reactions. Like and dislike counts are kept on the comment, changed in the same
 * transaction as the reaction row, so the most-liked order is an index scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("comments")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("parent_id", "uuid", (column) => column.references("comments.id").onDelete("cascade"))
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("user_mentions", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn("track_timestamp", "double precision")
    .addColumn("like_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("dislike_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("reply_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // A song's top-level comments in each order, and a comment's replies oldest first.
  await sql`create index comments_clip_created on comments (clip_id, created_at desc, id desc) where parent_id is null`.execute(
    db,
  );
  await sql`create index comments_clip_liked on comments (clip_id, like_count desc, created_at desc, id desc) where parent_id is null`.execute(
    db,
  );
  await sql`create index comments_parent_created on comments (parent_id, created_at, id) where parent_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable("comment_reactions")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("comment_id", "uuid", (column) =>
      column.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("reaction", "text", (column) => column.notNull().check(sql`reaction in ('LIKE', 'DISLIKE')`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("comment_reactions_pk", ["comment_id", "user_id"])
    .execute();

  await db.schema
    .createTable("comment_reports")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("comment_id", "uuid", (column) =>
      column.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Who blocked whom: the blocker no longer sees the blocked user's comments, and the blocked user
  // cannot comment on the blocker's songs.
  await db.schema
    .createTable("user_blocks")
    .addColumn("blocker_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("blocked_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_blocks_pk", ["blocker_id", "blocked_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_blocks").execute();
  await db.schema.dropTable("comment_reports").execute();
  await db.schema.dropTable("comment_reactions").execute();
  await db.schema.dropTable("comments").execute();
}

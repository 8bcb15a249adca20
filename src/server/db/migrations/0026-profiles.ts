import { type Kysely, sql } from "kysely";

/*
 * Profiles: a bio and an avatar (the storage key of the owner's re-encoded image) on each user, and
 * who follows whom. A follow is one row per pair; nobody follows themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("bio", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("avatar_key", "text")
    .execute();
  await db.schema
    .createTable("follows")
    .addColumn("follower_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("followee_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("follows_pk", ["follower_id", "followee_id"])
    .addCheckConstraint("follows_not_self", sql`follower_id <> followee_id`)
    .execute();
  // Someone's followers newest first (their following list uses the primary key's order).
  await sql`create index follows_followee on follows (followee_id, created_at desc, follower_id)`.execute(db);
  await sql`create index follows_follower_created on follows (follower_id, created_at desc, followee_id)`.execute(
    db,
  );
  // A profile's public songs, pinned first, then newest.
  await sql`create index clips_user_profile on clips (user_id, is_pinned desc, created_at desc, id desc) where is_public and not is_trashed`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index clips_user_profile`.execute(db);
  await db.schema.dropTable("follows").execute();
  await db.schema.alterTable("users").dropColumn("avatar_key").dropColumn("bio").execute();
}

import { type Kysely, sql } from "kysely";

/*
 * Share links: a short code for a song, profile or playlist, made once per key (what is shared,
 * where from, to which platform, by whom) and then answered again for the same key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("share_links")
    .addColumn("code", "text", (column) => column.primaryKey())
    .addColumn("content_type", "text", (column) =>
      column.notNull().check(sql`content_type in ('clip', 'profile', 'playlist')`),
    )
    .addColumn("content_id", "text", (column) => column.notNull())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("platform", "text", (column) => column.notNull())
    .addColumn("recommendation_item_id", "text")
    .addColumn("sharer_id", "uuid", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index share_links_key on share_links (content_type, content_id, source, platform, coalesce(sharer_id::text, ''))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("share_links").execute();
}

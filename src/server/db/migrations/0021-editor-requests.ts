import { type Kysely, sql } from "kysely";

/** Hire an Editor: a user's request for a human editor to work on one of their songs, for staff to take up. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("editor_requests")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("editor_requests_created").on("editor_requests").column("created_at").execute();
}

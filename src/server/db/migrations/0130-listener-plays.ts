import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * Each signed-in listener's plays of each song, one row a day: what the on-repeat list ranks. A
 * day's row (not one row per play) keeps the table to one row per song a listener heard that day,
 * however often they replay it, and still lets the list look back a number of days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listener_plays")
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("day", "date", (column) => column.notNull())
    .addColumn("plays", "integer", (column) => column.notNull().defaultTo(1).check(sql`plays > 0`))
    .addColumn("last_played_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("listener_plays_pkey", ["user_id", "day", "clip_id"])
    .execute();
  await db.schema.createIndex("listener_plays_clip").on("listener_plays").column("clip_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listener_plays").execute();
}

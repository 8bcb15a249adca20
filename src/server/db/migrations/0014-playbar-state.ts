import { type Kysely, sql } from "kysely";

/** Each signed-in listener's saved player: one row per user, the latest action's. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("playbar_states")
    .addColumn("user_id", "uuid", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("state", "jsonb", (column) => column.notNull())
    .addColumn("action_time", "timestamptz", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

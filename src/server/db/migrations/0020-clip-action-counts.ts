import { type Kysely, sql } from "kysely";

/** How often each action (a download of a kind, a share) was done on a clip: one row per clip and action. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("clip_action_counts")
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("clip_action_counts_pkey", ["clip_id", "action"])
    .execute();
}

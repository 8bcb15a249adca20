import { type Kysely, sql } from "kysely";

/*
 * Edit mode: its crop, fade and speed actions are generation jobs of their own kind, and the edit
 * sessions they name belong to the user who first named them (a session id is made by the page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generation_jobs drop constraint generation_jobs_kind_check`.execute(db);
  await sql`alter table generation_jobs add constraint generation_jobs_kind_check
    check (kind in ('generate', 'concat', 'upsample', 'speed', 'edit'))`.execute(db);
  await db.schema
    .createTable("edit_sessions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

import { type Kysely, sql } from "kysely";

/**
 * Failed sign-ins per account (by lowered email, known or not), so the per-account delay holds
 * across every server instance on the database; a success deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_failures")
    .addColumn("email", "text", (column) => column.primaryKey())
    .addColumn("failures", "integer", (column) => column.notNull())
    .addColumn("last_failed_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_failures").execute();
}

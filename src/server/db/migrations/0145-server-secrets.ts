import type { Kysely } from "kysely";
import { sql } from "kysely";

/*
 * Secrets the server signs with, by name, made once by the first instance that needs one: every
 * instance on this database then signs and checks alike (signed media URLs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("secret", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_secrets").execute();
}

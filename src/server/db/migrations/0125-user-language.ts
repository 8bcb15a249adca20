import type { Kysely } from "kysely";

/*
 * The language a person chose for the pages, kept on their account so it follows them from browser
 * to browser; null (never chose) follows the browser's languages. The pages check the value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("language", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
}

import { type Kysely, sql } from "kysely";

/*
 * Script tokens: named, scoped (read or write), made and revoked by their owner on the account page.
 * Only the SHA-256 of a token is kept, as for sessions. A revoked token keeps its row (revoked_at set),
 * so the revocation stays on record and the token can never be made to work again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("scope", "text", (column) => column.notNull().check(sql`scope in ('read', 'write')`))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index api_tokens_user on api_tokens (user_id, created_at desc)`.execute(db);
}

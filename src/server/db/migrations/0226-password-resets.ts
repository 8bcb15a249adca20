import { type Kysely, sql } from "kysely";

/*
 * Password reset links sent by mail: only the token's SHA-256 is kept (a leaked table opens no
 * account), with when it stops working and when it was used (once: the update that uses it checks
 * it is still unused and unexpired). Requests per account are counted from these rows for the
 * per-account limit, so the table keeps used and expired rows until the account goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("password_resets_user_created")
    .on("password_resets")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
}

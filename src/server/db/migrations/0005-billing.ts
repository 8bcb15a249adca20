import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every change of users.credits, written in the same transaction as the change: the balance can be
  // explained (and audited) from the ledger alone.
  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "bigserial", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) =>
      column.notNull().check(sql`kind in ('reserve', 'refund', 'grant')`),
    )
    .addColumn("delta", "integer", (column) => column.notNull())
    .addColumn("balance_after", "integer", (column) => column.notNull().check(sql`balance_after >= 0`))
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("clip_ids", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    // A refund names the reservation it gives back, so one is never refunded beyond what it took.
    .addColumn("refund_of", "bigint", (column) => column.references("credit_ledger.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index credit_ledger_user_created on credit_ledger (user_id, created_at desc)`.execute(db);
  await sql`create index credit_ledger_refund_of on credit_ledger (refund_of) where refund_of is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("credit_ledger").execute();
}

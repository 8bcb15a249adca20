import { type Kysely, sql } from "kysely";

/*
 * The account page and the staff console: the subscription's state on the user, upgrade requests and
 * redeemable codes (there is no payment processor), the terms version a user accepted, locked and
 * deleted accounts, feature flags rolled out to a share of users, and the staff audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("subscription_status", "text", (column) =>
      column.notNull().defaultTo("active").check(sql`subscription_status in ('active', 'past_due')`),
    )
    // Cancelled at period end: the plan stays until plan_ends_at, then becomes free.
    .addColumn("plan_ends_at", "timestamptz")
    .addColumn("locked", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("terms_version", "text")
    .addColumn("terms_accepted_at", "timestamptz")
    // An account deleted with its public songs kept: anonymised, never signed in again.
    .addColumn("deleted_at", "timestamptz")
    .execute();
  await sql`create index users_plan_ends on users (plan_ends_at) where plan_ends_at is not null`.execute(db);

  await db.schema
    .createTable("upgrade_requests")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("plan_key", "text", (column) => column.check(sql`plan_key in ('pro', 'premier')`))
    .addColumn("credits", "integer", (column) => column.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn("status", "text", (column) =>
      column.notNull().defaultTo("pending").check(sql`status in ('pending', 'approved', 'denied')`),
    )
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("decided_at", "timestamptz")
    .execute();
  // One open request per user: asking again replaces nothing and answers the open one.
  await sql`create unique index upgrade_requests_one_open on upgrade_requests (user_id) where status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable("upgrade_codes")
    .addColumn("code", "text", (column) => column.primaryKey())
    .addColumn("plan_key", "text", (column) => column.check(sql`plan_key in ('pro', 'premier')`))
    .addColumn("credits", "integer", (column) => column.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("redeemed_by", "uuid", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("redeemed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("flag_rollouts")
    .addColumn("flag", "text", (column) => column.primaryKey())
    .addColumn("percent", "integer", (column) => column.notNull().check(sql`percent between 0 and 100`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Kept when the staff member or the target account is deleted: the log outlives both.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigserial", (column) => column.primaryKey())
    .addColumn("staff_id", "uuid")
    .addColumn("staff_handle", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("target", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("details", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_created on audit_log (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("flag_rollouts").execute();
  await db.schema.dropTable("upgrade_codes").execute();
  await db.schema.dropTable("upgrade_requests").execute();
  await db.schema
    .alterTable("users")
    .dropColumn("subscription_status")
    .dropColumn("plan_ends_at")
    .dropColumn("locked")
    .dropColumn("terms_version")
    .dropColumn("terms_accepted_at")
    .dropColumn("deleted_at")
    .execute();
}

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("handle", "text", (column) => column.notNull())
    .addColumn("display_name", "text", (column) => column.notNull())
    .addColumn("password_hash", "text", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull().defaultTo("free"))
    .addColumn("is_staff", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("flags", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn("credits", "integer", (column) => column.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails and handles are unique whatever their case.
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_handle_key on users (lower(handle))`.execute(db);

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}

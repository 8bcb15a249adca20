import { type Kysely, sql } from "kysely";

/*
 * Notifications: one row per recipient and group (a song's likes, a persona's follows...), and
 * who acted in it, one row per person. A group gathers people while it is unread; once read, the
 * next person starts a new one. updated_at is the latest person's time, kept to the millisecond
 * so that the pages' date-time cursors (ISO 8601, milliseconds) name rows exactly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("notification_type", "text", (column) => column.notNull())
    .addColumn("group_key", "text", (column) => column.notNull())
    .addColumn("content", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("is_read", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_suppressed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .execute();
  // The list, newest first, and the unread count.
  await sql`create index notifications_user_updated on notifications (user_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_user_unread on notifications (user_id) where not is_read and not is_suppressed`.execute(
    db,
  );
  // The one open (unread) group a new person joins.
  await sql`create unique index notifications_open_group on notifications (user_id, group_key) where not is_read`.execute(
    db,
  );

  await db.schema
    .createTable("notification_actors")
    .addColumn("notification_id", "uuid", (column) =>
      column.notNull().references("notifications.id").onDelete("cascade"),
    )
    .addColumn("actor_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("acted_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("notification_actors_pk", ["notification_id", "actor_id"])
    .execute();
  await sql`create index notification_actors_actor on notification_actors (actor_id)`.execute(db);
}

import { type Kysely, sql } from "kysely";

/*
 * Shared workspaces: the owner invites people, each invite is answered once (accepted or declined),
 * and an accepted invite makes its invitee a collaborator until the owner removes them or they leave
 * (the row is then deleted, so they may be invited again). One row per workspace and invitee. A
 * workspace with at least one collaborator is shared (workspaces.is_shared, kept by the same
 * transactions that change the rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_invites")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("workspace_id", "text", (column) =>
      column.notNull().references("workspaces.id").onDelete("cascade"),
    )
    .addColumn("invited_user_id", "uuid", (column) =>
      column.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("invited_by", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (column) =>
      column.notNull().defaultTo("pending").check(sql`status in ('pending', 'accepted', 'declined')`),
    )
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("responded_at", "timestamptz")
    .addUniqueConstraint("workspace_invites_one_per_user", ["workspace_id", "invited_user_id"])
    .execute();
  // An invitee's invites and the workspaces they collaborate on.
  await sql`create index workspace_invites_invitee on workspace_invites (invited_user_id, status)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("workspace_invites").execute();
}

import { type Kysely, sql } from "kysely";

/*
 * Workspaces (projects in the calls): a user's named folders of their own clips. A clip's
 * workspace is clips.project_id (text since 0002; null is the default workspace), so ids here are
 * text holding a uuid and join it without a cast. clips.project_id gets no foreign key: workspaces
 * are trashed, never deleted, and earlier rows may name workspaces made elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("is_shared", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("is_trashed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index workspaces_user_updated on workspaces (user_id, updated_at desc, id desc)`.execute(
    db,
  );

  // Clips pinned to the top of a workspace; a clip leaving the workspace leaves its pin too.
  await db.schema
    .createTable("workspace_pins")
    .addColumn("workspace_id", "text", (column) =>
      column.notNull().references("workspaces.id").onDelete("cascade"),
    )
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("workspace_pins_pk", ["workspace_id", "clip_id"])
    .execute();
  await sql`create index workspace_pins_clip on workspace_pins (clip_id)`.execute(db);

  // A workspace's clips, newest first, and its counts.
  await sql`create index clips_project_created on clips (project_id, created_at desc, id desc) where project_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index clips_project_created`.execute(db);
  await db.schema.dropTable("workspace_pins").execute();
  await db.schema.dropTable("workspaces").execute();
}

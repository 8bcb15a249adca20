import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("studio_projects")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (column) => column.notNull())
    // Others may open (read-only) and clone a shared project; only its owner saves to it.
    .addColumn("is_shared", "boolean", (column) => column.notNull().defaultTo(false))
    // The song a project was opened for (/studio?for_clip_id=): one project per user and song.
    .addColumn("source_clip_id", "uuid", (column) => column.references("clips.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Append-only: a save adds a row and never rewrites one, so every saved state can be reopened.
  // Ids come from one sequence, so a later save always has a larger id, across all projects.
  await db.schema
    .createTable("studio_project_versions")
    .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("project_id", "uuid", (column) =>
      column.notNull().references("studio_projects.id").onDelete("cascade"),
    )
    .addColumn("author_id", "uuid", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("state", "jsonb", (column) => column.notNull())
    // A locked version is read-only: nothing may be saved on top of it; it can only be cloned.
    .addColumn("is_locked", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index studio_project_versions_project on studio_project_versions (project_id, id desc)`.execute(
    db,
  );

  // Created after the versions table, which it points at (the two reference each other).
  await db.schema
    .alterTable("studio_projects")
    .addColumn("latest_version_id", "bigint", (column) => column.references("studio_project_versions.id"))
    .addColumn("cloned_from_version_id", "bigint", (column) =>
      column.references("studio_project_versions.id").onDelete("set null"),
    )
    .execute();
  await sql`create unique index studio_projects_user_clip on studio_projects (user_id, source_clip_id) where source_clip_id is not null`.execute(
    db,
  );
  await sql`create index studio_projects_user_updated on studio_projects (user_id, updated_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("studio_projects").dropColumn("latest_version_id").execute();
  await db.schema.alterTable("studio_projects").dropColumn("cloned_from_version_id").execute();
  await db.schema.dropTable("studio_project_versions").execute();
  await db.schema.dropTable("studio_projects").execute();
}

import type {
  ProjectRevision,
  ProjectVersion,
  ProjectVersions,
  StudioProject,
} from "../../shared/api/studio.ts";
import { migrateProjectState } from "../../shared/project/index.ts";
import { accessTo, requireReadable, requireReadableVersion } from "./project-access.ts";
import type { Db } from "./project-store.ts";

const iso = (date: Date | string): string => new Date(date).toISOString();

/**
 * The project with its latest version's state, for its owner or, if shared, anyone signed in.
 * States are answered in this version's schema: one saved by an older version is migrated here,
 * as the page would, so every reader sees one shape.
 */
export async function loadProject(db: Db, userId: string, projectId: string): Promise<StudioProject> {
  const row = requireReadable(
    await db
      .selectFrom("studio_projects as p")
      .innerJoin("studio_project_versions as v", "v.id", "p.latest_version_id")
      .select([
        "p.id",
        "p.user_id",
        "p.title",
        "p.is_shared",
        "p.source_clip_id",
        "p.cloned_from_version_id",
        "p.created_at",
        "p.updated_at",
        "v.id as version_id",
        "v.state",
        "v.is_locked",
      ])
      .where("p.id", "=", projectId)
      .executeTakeFirst(),
    userId,
  );
  return {
    id: row.id,
    title: row.title,
    state: migrateProjectState(row.state),
    version_id: row.version_id,
    is_owner: accessTo(row, userId) === "owner",
    is_shared: row.is_shared,
    is_locked: row.is_locked,
    source_clip_id: row.source_clip_id,
    cloned_from_version_id: row.cloned_from_version_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A version with its project's owner and sharing, for the access check. */
function selectVersion(db: Db) {
  return db
    .selectFrom("studio_project_versions as v")
    .innerJoin("studio_projects as p", "p.id", "v.project_id")
    .select([
      "v.id as version_id",
      "v.project_id",
      "v.title",
      "v.is_locked",
      "v.created_at",
      "p.user_id",
      "p.is_shared",
      "p.latest_version_id",
    ]);
}

/** One saved version of a project, with its state. */
export async function loadVersion(
  db: Db,
  userId: string,
  projectId: string,
  versionId: number,
): Promise<ProjectVersion> {
  const row = requireReadableVersion(
    await selectVersion(db)
      .select("v.state")
      .where("v.id", "=", versionId)
      .where("v.project_id", "=", projectId)
      .executeTakeFirst(),
    userId,
  );
  return {
    project_id: row.project_id,
    version_id: row.version_id,
    title: row.title,
    state: migrateProjectState(row.state),
    is_locked: row.is_locked,
    is_owner: accessTo(row, userId) === "owner",
    is_latest: row.latest_version_id === row.version_id,
    created_at: iso(row.created_at),
  };
}

/** What a version link (/studio?project_version_id=) names, without the state. */
export async function loadRevision(db: Db, userId: string, revisionId: number): Promise<ProjectRevision> {
  const row = requireReadableVersion(
    await selectVersion(db).where("v.id", "=", revisionId).executeTakeFirst(),
    userId,
  );
  return {
    project_id: row.project_id,
    version_id: row.version_id,
    title: row.title,
    is_owner: accessTo(row, userId) === "owner",
    is_locked: row.is_locked,
    is_latest: row.latest_version_id === row.version_id,
  };
}

/** A project's saved versions, newest first. */
export async function listVersions(
  db: Db,
  userId: string,
  projectId: string,
  page: { before?: number; limit: number },
): Promise<ProjectVersions> {
  await checkReadableProject(db, userId, projectId);
  let query = db
    .selectFrom("studio_project_versions")
    .select(["id", "title", "is_locked", "created_at"])
    .where("project_id", "=", projectId)
    .orderBy("id", "desc")
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where("id", "<", page.before);
  const rows = await query.execute();
  const shown = rows.slice(0, page.limit);
  return {
    versions: shown.map((row) => ({
      version_id: row.id,
      title: row.title,
      is_locked: row.is_locked,
      created_at: iso(row.created_at),
    })),
    next_before: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** A project a request names (its versions, a render's source): 404 unless the user may read it. */
export async function checkReadableProject(db: Db, userId: string, projectId: string): Promise<void> {
  requireReadable(
    await db
      .selectFrom("studio_projects")
      .select(["user_id", "is_shared"])
      .where("id", "=", projectId)
      .executeTakeFirst(),
    userId,
  );
}

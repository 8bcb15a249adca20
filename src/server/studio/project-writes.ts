import { sql } from "kysely";
import {
  type CreatedProject,
  NOT_PROJECT_OWNER,
  PROJECT_NOT_FOUND,
  PROJECT_TITLE_MAX,
  VERSION_LOCKED,
  VERSION_LOCKED_STATUS,
  VERSION_NOT_FOUND,
} from "../../shared/api/studio.ts";
import { newProjectState, type StudioProjectState } from "../../shared/project/index.ts";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.ts";
import { requireOwned, requireReadableVersion } from "./project-access.ts";
import {
  appendVersion,
  type Db,
  insertProject,
  jsonbState,
  type Trx,
  titleOrDefault,
} from "./project-store.ts";

const locked = () => new HttpError(VERSION_LOCKED_STATUS, VERSION_LOCKED);

/** A new project's state: one empty track at the fallback tempo. */
export async function createProject(db: Db, userId: string, title?: string): Promise<CreatedProject> {
  const name = titleOrDefault(title);
  return db.transaction().execute(async (trx) => {
    const created = await insertProject(trx, {
      userId,
      title: name,
      state: jsonbState(newProjectState({ title: name })),
    });
    if (!created) throw new Error("A project without a source clip cannot conflict");
    return created;
  });
}

/** The project row, locked until the transaction ends: saves, locks and shares queue behind it. */
const lockProjectRow = (trx: Trx, projectId: string) =>
  trx
    .selectFrom("studio_projects")
    .select(["id", "user_id", "is_shared", "latest_version_id"])
    .where("id", "=", projectId)
    .forUpdate()
    .executeTakeFirst();

async function isLockedVersion(trx: Trx, projectId: string, versionId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("studio_project_versions")
    .select("is_locked")
    .where("id", "=", versionId)
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row.is_locked;
}

export interface ProjectSave {
  readonly projectId: string;
  /** Parsed by parseProjectState. */
  readonly state: StudioProjectState;
  readonly title?: string;
  /** The version the edits were made on. */
  readonly baseVersionId?: number | null;
}

/**
 * Appends the state as the project's new latest version, in one transaction (committed, and so
 * flushed to the database's log, before the answer). Only the owner saves; a locked base version,
 * or a project whose latest version is locked, refuses with 423.
 */
export async function saveProject(db: Db, userId: string, save: ProjectSave): Promise<number> {
  // A blank title in the body leaves the state's own.
  const title = titleOrDefault(save.title || save.state.title);
  if (title.length > PROJECT_TITLE_MAX) {
    throw badRequest(
      `Invalid project state: title: Project titles are at most ${PROJECT_TITLE_MAX} characters`,
    );
  }
  const state = { ...save.state, title };
  return db.transaction().execute(async (trx) => {
    const project = requireOwned(await lockProjectRow(trx, save.projectId), userId);
    const base = save.baseVersionId ?? null;
    if (base !== null && (await isLockedVersion(trx, project.id, base))) throw locked();
    const head = project.latest_version_id;
    if (head !== null && head !== base && (await isLockedVersion(trx, project.id, head))) throw locked();
    return appendVersion(trx, { projectId: project.id, authorId: userId, title, state: jsonbState(state) });
  });
}

/**
 * The caller's own copy of a version they may read (their own, or of a shared project): a new
 * project whose first version is that state, unlocked. The state is copied inside the database.
 */
export async function cloneVersion(
  db: Db,
  userId: string,
  versionId: number,
  title?: string,
): Promise<CreatedProject> {
  return db.transaction().execute(async (trx) => {
    const source = requireReadableVersion(
      await trx
        .selectFrom("studio_project_versions as v")
        .innerJoin("studio_projects as p", "p.id", "v.project_id")
        .select(["v.id", "v.title", "p.user_id", "p.is_shared"])
        .where("v.id", "=", versionId)
        .executeTakeFirst(),
      userId,
    );
    const name = titleOrDefault(title ?? source.title);
    const created = await insertProject(trx, {
      userId,
      title: name,
      state: sql`(select jsonb_set(state, '{title}', to_jsonb(${name}::text)) from studio_project_versions where id = ${source.id})`,
      clonedFromVersionId: source.id,
    });
    if (!created) throw new Error("A project without a source clip cannot conflict");
    return created;
  });
}

/** Locks (or unlocks) one of the caller's versions. */
export async function setVersionLocked(db: Db, userId: string, versionId: number, isLocked: boolean) {
  return db.transaction().execute(async (trx) => {
    const version = requireReadableVersion(
      await trx
        .selectFrom("studio_project_versions as v")
        .innerJoin("studio_projects as p", "p.id", "v.project_id")
        .select(["v.project_id", "p.user_id", "p.is_shared"])
        .where("v.id", "=", versionId)
        .executeTakeFirst(),
      userId,
    );
    requireOwned(await lockProjectRow(trx, version.project_id), userId, forbidden(NOT_PROJECT_OWNER));
    await trx
      .updateTable("studio_project_versions")
      .set({ is_locked: isLocked })
      .where("id", "=", versionId)
      .execute();
    return { project_id: version.project_id, version_id: versionId, is_locked: isLocked };
  });
}

/** Shares (or stops sharing) one of the caller's projects: others may open it read-only and clone it. */
export async function setProjectShared(db: Db, userId: string, projectId: string, isShared: boolean) {
  return db.transaction().execute(async (trx) => {
    requireOwned(await lockProjectRow(trx, projectId), userId, forbidden(NOT_PROJECT_OWNER));
    await trx
      .updateTable("studio_projects")
      .set({ is_shared: isShared, updated_at: sql`now()` })
      .where("id", "=", projectId)
      .execute();
    return { id: projectId, is_shared: isShared };
  });
}

/**
 * Appends a live project's merged state as a new version, written by the member whose edit came
 * last. Members may save here (the caller checked them); a locked latest version refuses with 423.
 */
export async function saveLiveVersion(
  db: Db,
  save: { readonly projectId: string; readonly authorId: string; readonly state: StudioProjectState },
): Promise<number> {
  const title = titleOrDefault(save.state.title).slice(0, PROJECT_TITLE_MAX);
  return db.transaction().execute(async (trx) => {
    const project = await lockProjectRow(trx, save.projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const head = project.latest_version_id;
    if (head !== null && (await isLockedVersion(trx, project.id, head))) throw locked();
    const state = jsonbState({ ...save.state, title });
    return appendVersion(trx, { projectId: project.id, authorId: save.authorId, title, state });
  });
}

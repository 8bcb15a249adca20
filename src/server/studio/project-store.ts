import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { DEFAULT_PROJECT_TITLE, type StudioProjectState } from "../../shared/project/index.ts";
import type { Database } from "../db/schema.ts";

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

/** A title as saved: blank ones are "Untitled Project". */
export const titleOrDefault = (title: string | undefined | null): string =>
  title?.trim() ? title.trim() : DEFAULT_PROJECT_TITLE;

/** The state as a jsonb parameter: stringified here, so arrays stay JSON arrays on both drivers. */
export const jsonbState = (state: StudioProjectState): RawBuilder<unknown> =>
  sql`${JSON.stringify(state)}::jsonb`;

export interface NewProject {
  readonly userId: string;
  readonly title: string;
  /** The first version's state: a parsed state, or SQL yielding one (a clone copies in place). */
  readonly state: RawBuilder<unknown>;
  readonly sourceClipId?: string;
  readonly clonedFromVersionId?: number;
}

export interface CreatedProjectRow {
  readonly id: string;
  readonly title: string;
  readonly version_id: number;
}

/** Appends a version and points the project at it; the caller holds the project row's lock. */
export async function appendVersion(
  trx: Trx,
  version: { projectId: string; authorId: string; title: string; state: RawBuilder<unknown> },
): Promise<number> {
  const row = await trx
    .insertInto("studio_project_versions")
    .values({
      project_id: version.projectId,
      author_id: version.authorId,
      title: version.title,
      state: version.state,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("studio_projects")
    .set({ latest_version_id: row.id, title: version.title, updated_at: sql`now()` })
    .where("id", "=", version.projectId)
    .execute();
  return row.id;
}

/**
 * Creates a project and its first version in the caller's transaction; undefined when the user
 * already has a project for the source clip (a concurrent request made it first).
 */
export async function insertProject(trx: Trx, project: NewProject): Promise<CreatedProjectRow | undefined> {
  let insert = trx.insertInto("studio_projects").values({
    user_id: project.userId,
    title: project.title,
    source_clip_id: project.sourceClipId ?? null,
    latest_version_id: null,
    cloned_from_version_id: project.clonedFromVersionId ?? null,
  });
  if (project.sourceClipId) {
    insert = insert.onConflict((conflict) =>
      conflict.columns(["user_id", "source_clip_id"]).where("source_clip_id", "is not", null).doNothing(),
    );
  }
  const row = await insert.returning("id").executeTakeFirst();
  if (!row) return undefined;
  const versionId = await appendVersion(trx, {
    projectId: row.id,
    authorId: project.userId,
    title: project.title,
    state: project.state,
  });
  return { id: row.id, title: project.title, version_id: versionId };
}

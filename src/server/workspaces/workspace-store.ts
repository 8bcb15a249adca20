import { type Kysely, sql } from "kysely";
import { DEFAULT_WORKSPACE_ID } from "../../shared/api/clips.ts";
import { pageInfo } from "../../shared/api/paged.ts";
import {
  type CreateWorkspaceBody,
  DEFAULT_WORKSPACE_NAME,
  type MyWorkspacesResponse,
  UNTITLED_WORKSPACE,
  WORKSPACE_PAGE_SIZE,
  type WorkspaceMetadataBody,
  type WorkspaceResponse,
  type WorkspaceSummary,
} from "../../shared/api/workspaces.ts";
import { selectClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { memberWorkspace, ownerWorkspace, type WorkspaceRow, workspaceRole } from "./members.ts";

type Db = Kysely<Database>;
type WorkspaceClipEntry = WorkspaceResponse["pinned_clips"][number];

const iso = (value: unknown) => (value as Date).toISOString();

/** The clips a workspace counts and lists: not trashed, not failed (as the library shows them). */
export const LISTED = sql<boolean>`(not clips.is_trashed and clips.status <> 'error')`;

/** null is the default workspace: an id naming it, or none, means clips.project_id null. */
export const workspaceKey = (id: string | null | undefined): string | null =>
  id === undefined || id === null || id === "" || id === DEFAULT_WORKSPACE_ID ? null : id;

async function summaries(db: Db, rows: readonly WorkspaceRow[]): Promise<WorkspaceSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [owners, counts] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "handle", "display_name"])
      .where("id", "in", [...new Set(rows.map((row) => row.user_id))])
      .execute(),
    db
      .selectFrom("clips")
      .select([
        "clips.project_id",
        sql<number>`count(*)::int`.as("clip_count"),
        sql<Date>`max(clips.created_at)`.as("last_clip"),
      ])
      .where("clips.project_id", "in", ids)
      .where(LISTED)
      .groupBy("clips.project_id")
      .execute(),
  ]);
  const ownerById = new Map(owners.map((user) => [user.id, user]));
  const countById = new Map(counts.map((entry) => [entry.project_id, entry]));
  return rows.map((row) => {
    const owner = ownerById.get(row.user_id);
    const count = countById.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      owner: { user_id: row.user_id, handle: owner?.handle ?? "", display_name: owner?.display_name ?? "" },
      shared: row.is_shared,
      clip_count: count?.clip_count ?? 0,
      last_updated_clip: count?.last_clip ? iso(count.last_clip) : null,
      is_trashed: row.is_trashed,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  });
}

export const summary = async (db: Db, row: WorkspaceRow) =>
  (await summaries(db, [row]))[0] as WorkspaceSummary;

/** Whether a user may follow the workspace's realtime channel: its owner or a collaborator. */
export async function mayFollowWorkspace(db: Db, userId: string, id: string): Promise<boolean> {
  return (await workspaceRole(db, id, userId)) !== null;
}

/**
 * Where a generation's clips go: the default workspace without a project_id, else an active workspace
 * the caller belongs to (anyone else's, trashed or missing: 404).
 */
export async function workspaceForNewClips(
  db: Db,
  userId: string,
  projectId: string | null | undefined,
): Promise<string | null> {
  const key = workspaceKey(projectId?.trim());
  if (key === null) return null;
  return (await memberWorkspace(db, userId, key)).row.id;
}

export async function createWorkspace(db: Db, userId: string, body: CreateWorkspaceBody) {
  const row = await db
    .insertInto("workspaces")
    .values({ user_id: userId, name: body.name || UNTITLED_WORKSPACE, description: body.description ?? "" })
    .returningAll()
    .executeTakeFirstOrThrow();
  return summary(db, row);
}

export async function updateWorkspaceMetadata(
  db: Db,
  userId: string,
  id: string,
  body: WorkspaceMetadataBody,
): Promise<WorkspaceSummary> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await ownerWorkspace(trx, userId, id, "rename it", { lock: true });
    return trx
      .updateTable("workspaces")
      .set({
        name: body.name ?? found.name,
        description: body.description === undefined ? found.description : (body.description ?? ""),
        updated_at: sql`now()`,
      })
      .where("id", "=", found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return summary(db, row);
}

export async function trashWorkspace(
  db: Db,
  userId: string,
  id: string,
  undoTrash: boolean,
): Promise<WorkspaceSummary> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await ownerWorkspace(trx, userId, id, "archive or restore it", {
      lock: true,
      trashedToo: true,
    });
    return trx
      .updateTable("workspaces")
      .set({ is_trashed: !undoTrash, updated_at: sql`now()` })
      .where("id", "=", found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return summary(db, row);
}

export async function myWorkspaces(
  db: Db,
  userId: string,
  query: { page: number; sort: "updated_at" | "created_at" | "name"; show_trashed: boolean; query?: string },
): Promise<MyWorkspacesResponse> {
  // Active lists hold the caller's workspaces and those shared with them; archived ones are the owner's.
  let base = db
    .selectFrom("workspaces")
    .where((eb) =>
      query.show_trashed
        ? eb("user_id", "=", userId)
        : eb.or([
            eb("user_id", "=", userId),
            eb(
              "id",
              "in",
              eb
                .selectFrom("workspace_invites")
                .select("workspace_invites.workspace_id")
                .where("workspace_invites.invited_user_id", "=", userId)
                .where("workspace_invites.status", "=", "accepted"),
            ),
          ]),
    )
    .where("is_trashed", "=", query.show_trashed);
  if (query.query) base = base.where(sql<boolean>`strpos(lower(name), lower(${query.query})) > 0`);
  let rows = base.selectAll();
  if (query.sort === "name") rows = rows.orderBy(sql`lower(name)`).orderBy("id");
  else rows = rows.orderBy(query.sort, "desc").orderBy("id", "desc");
  const [found, total] = await Promise.all([
    rows
      .limit(WORKSPACE_PAGE_SIZE)
      .offset((query.page - 1) * WORKSPACE_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    projects: await summaries(db, found),
    ...pageInfo(Number(total.count), query.page, WORKSPACE_PAGE_SIZE),
  };
}

/** The default workspace as a workspace: the caller's clips in no other. */
export async function defaultWorkspace(db: Db, userId: string): Promise<WorkspaceSummary> {
  const [user, count] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "handle", "display_name", "created_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("clips")
      .select([
        sql<number>`count(*)::int`.as("clip_count"),
        sql<Date | null>`max(clips.created_at)`.as("last"),
      ])
      .where("clips.user_id", "=", userId)
      .where("clips.project_id", "is", null)
      .where(LISTED)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: DEFAULT_WORKSPACE_ID,
    name: DEFAULT_WORKSPACE_NAME,
    description: "",
    owner: { user_id: user.id, handle: user.handle, display_name: user.display_name },
    shared: false,
    clip_count: count.clip_count,
    last_updated_clip: count.last ? iso(count.last) : null,
    is_trashed: false,
    created_at: iso(user.created_at),
    updated_at: iso(user.created_at),
  };
}

/** GET /api/project/{id}: the workspace with a page of its clips, newest first, and its pins. */
// A shared workspace holds its members' clips: every member sees all of them.
export async function loadWorkspace(
  db: Db,
  userId: string,
  id: string,
  query: { page: number; query?: string },
): Promise<WorkspaceResponse> {
  const key = workspaceKey(id);
  const head =
    key === null
      ? await defaultWorkspace(db, userId)
      : await summary(db, (await memberWorkspace(db, userId, key)).row);
  let clips = selectClips(db, userId).where(LISTED);
  clips =
    key === null
      ? clips.where("clips.user_id", "=", userId).where("clips.project_id", "is", null)
      : clips.where("clips.project_id", "=", key);
  if (query.query) clips = clips.where(sql<boolean>`strpos(lower(clips.title), lower(${query.query})) > 0`);
  const [page, total, pinned] = await Promise.all([
    clips
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .limit(WORKSPACE_PAGE_SIZE)
      .offset((query.page - 1) * WORKSPACE_PAGE_SIZE)
      .execute(),
    clips.clearSelect().select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    pinnedRows(db, userId, key),
  ]);
  return {
    ...head,
    project_clips: page.map((row) => ({ clip: clipView(row, userId) })),
    pinned_clips: pinned,
    ...pageInfo(total.count, query.page, WORKSPACE_PAGE_SIZE),
  };
}

/** A workspace's pinned clips (still in it and listed), last pinned first; the default has none. */
async function pinnedRows(db: Db, userId: string, key: string | null): Promise<WorkspaceClipEntry[]> {
  if (key === null) return [];
  const rows = await selectClips(db, userId)
    .innerJoin("workspace_pins as pin", "pin.clip_id", "clips.id")
    .where("pin.workspace_id", "=", key)
    .where("clips.project_id", "=", key)
    .where(LISTED)
    .orderBy("pin.created_at", "desc")
    .execute();
  return rows.map((row) => ({ clip: clipView(row, userId) }));
}

/** GET /api/project/{id}/pinned-clips: a member's workspace's pins (anyone else's: 404). */
export async function pinnedClips(db: Db, userId: string, id: string): Promise<WorkspaceClipEntry[]> {
  const key = workspaceKey(id);
  if (key !== null) await memberWorkspace(db, userId, key);
  return pinnedRows(db, userId, key);
}

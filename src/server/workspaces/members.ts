import type { Kysely, Selectable, Transaction } from "kysely";
import { WORKSPACE_NOT_FOUND } from "../../shared/api/workspaces.ts";
import type { WorkspacesTable } from "../db/library-tables.ts";
import type { Database } from "../db/schema.ts";
import { forbidden, notFound } from "../http/errors.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type WorkspaceRow = Selectable<WorkspacesTable>;

/** Who someone is to a workspace: its owner, a collaborator (an accepted invite), or nobody. */
export type WorkspaceRole = "owner" | "collaborator";

export interface MemberOptions {
  /** Locks the workspace's row (inside a transaction) for a change. */
  readonly lock?: boolean;
  /** Finds a trashed workspace too (only its owner may restore it). */
  readonly trashedToo?: boolean;
}

/** The workspace and the caller's role in it, or null when they are not a member (or it is gone). */
export async function findMembership(
  db: Db,
  userId: string,
  workspaceId: string,
  options: MemberOptions = {},
): Promise<{ row: WorkspaceRow; role: WorkspaceRole } | null> {
  let query = db.selectFrom("workspaces").selectAll().where("id", "=", workspaceId);
  if (!options.trashedToo) query = query.where("is_trashed", "=", false);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return null;
  if (row.user_id === userId) return { row, role: "owner" };
  // A trashed workspace is its owner's alone.
  if (row.is_trashed) return null;
  const invite = await db
    .selectFrom("workspace_invites")
    .select("id")
    .where("workspace_id", "=", row.id)
    .where("invited_user_id", "=", userId)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  return invite ? { row, role: "collaborator" } : null;
}

/**
 * The one membership rule other modules use (the realtime channel, studio projects of a shared
 * workspace): the owner of an active workspace, a collaborator on it, or null.
 */
export async function workspaceRole(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | null> {
  return (await findMembership(db, userId, workspaceId))?.role ?? null;
}

/**
 * A workspace the caller belongs to; anyone else (or a trashed or missing one) gets the same 404,
 * so ids of others' workspaces tell nothing.
 */
export async function memberWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
  options: MemberOptions = {},
): Promise<{ row: WorkspaceRow; role: WorkspaceRole }> {
  const found = await findMembership(db, userId, workspaceId, options);
  if (!found) throw notFound(WORKSPACE_NOT_FOUND);
  return found;
}

/**
 * A workspace the caller owns, for what only its owner does (rename, archive, invite, remove): a
 * collaborator is told so (403), anyone else gets the 404 of a missing workspace.
 */
export async function ownerWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
  what: string,
  options: MemberOptions = {},
): Promise<WorkspaceRow> {
  const { row, role } = await memberWorkspace(db, userId, workspaceId, options);
  if (role !== "owner") throw forbidden(`Only the workspace's owner can ${what}`);
  return row;
}

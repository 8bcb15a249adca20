import { type Kysely, sql, type Transaction } from "kysely";
import {
  COLLAB_FLAG_OFF,
  COLLABORATOR_NOT_FOUND,
  type CollaboratorsResponse,
  INVITE_NOT_FOUND,
  type Invite,
  type InviteStatus,
  type Member,
} from "../../shared/api/workspace-collaboration.ts";
import type { Database, User } from "../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { memberWorkspace, ownerWorkspace } from "./members.ts";
import { workspaceKey } from "./workspace-store.ts";

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Only accounts with the collab-workspaces flag (or staff) share their workspaces. */
const mayShare = (user: User) => user.is_staff || user.flags.includes("collab-workspaces");

/** The default workspace is every user's own list of loose clips: it is never shared. */
function sharableKey(id: string): string {
  const key = workspaceKey(id);
  if (key === null) throw badRequest("The default workspace cannot be shared");
  return key;
}

const INVITE_COLUMNS = [
  "i.id",
  "i.workspace_id",
  "i.status",
  "i.created_at",
  "w.name as project_name",
  "invitee.id as invitee_id",
  "invitee.handle as invitee_handle",
  "invitee.display_name as invitee_display_name",
  "inviter.id as inviter_id",
  "inviter.handle as inviter_handle",
  "inviter.display_name as inviter_display_name",
] as const;

function invitesQuery(db: Db | Trx) {
  return db
    .selectFrom("workspace_invites as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .innerJoin("users as invitee", "invitee.id", "i.invited_user_id")
    .innerJoin("users as inviter", "inviter.id", "i.invited_by")
    .select(INVITE_COLUMNS);
}

type InviteRow = Awaited<ReturnType<ReturnType<typeof invitesQuery>["executeTakeFirstOrThrow"]>>;

function inviteView(row: InviteRow): Invite {
  return {
    id: row.id,
    project_id: row.workspace_id,
    project_name: row.project_name,
    status: row.status,
    invited_user: {
      user_id: row.invitee_id,
      handle: row.invitee_handle,
      display_name: row.invitee_display_name,
    },
    invited_by: {
      user_id: row.inviter_id,
      handle: row.inviter_handle,
      display_name: row.inviter_display_name,
    },
    created_at: (row.created_at as unknown as Date).toISOString(),
  };
}

/** Keeps workspaces.is_shared true exactly while the workspace has a collaborator. */
async function markShared(trx: Trx, workspaceId: string): Promise<void> {
  await trx
    .updateTable("workspaces")
    .set({
      is_shared: sql<boolean>`exists(select 1 from workspace_invites i
        where i.workspace_id = ${workspaceId} and i.status = 'accepted')`,
    })
    .where("id", "=", workspaceId)
    .execute();
}

/**
 * POST /api/project/{id}/invite: the owner (with the flag) invites another user. A declined invite
 * may be sent again; a pending one or a collaborator already there is a conflict.
 */
export async function inviteToWorkspace(
  db: Db,
  owner: User,
  workspaceId: string,
  invitedUserId: string,
): Promise<Invite> {
  const key = sharableKey(workspaceId);
  if (!mayShare(owner)) throw forbidden(COLLAB_FLAG_OFF);
  const id = await db.transaction().execute(async (trx) => {
    const workspace = await ownerWorkspace(trx, owner.id, key, "invite people", { lock: true });
    if (invitedUserId === owner.id) throw badRequest("You cannot invite yourself");
    const invitee = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", invitedUserId)
      .executeTakeFirst();
    if (!invitee) throw notFound("User not found");
    const existing = await trx
      .selectFrom("workspace_invites")
      .select(["id", "status"])
      .where("workspace_id", "=", workspace.id)
      .where("invited_user_id", "=", invitee.id)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.status === "accepted") throw conflict("This user is already a collaborator");
    if (existing?.status === "pending") throw conflict("This user is already invited");
    if (existing) {
      await trx
        .updateTable("workspace_invites")
        .set({ status: "pending", invited_by: owner.id, created_at: sql`now()`, responded_at: null })
        .where("id", "=", existing.id)
        .execute();
      return existing.id;
    }
    const made = await trx
      .insertInto("workspace_invites")
      .values({ workspace_id: workspace.id, invited_user_id: invitee.id, invited_by: owner.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    return made.id;
  });
  return inviteView(await invitesQuery(db).where("i.id", "=", id).executeTakeFirstOrThrow());
}

/** GET /api/project/invites: the caller's unanswered invites to active workspaces. */
export async function myInvites(db: Db, userId: string): Promise<Invite[]> {
  const rows = await invitesQuery(db)
    .where("i.invited_user_id", "=", userId)
    .where("i.status", "=", "pending")
    .where("w.is_trashed", "=", false)
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(100)
    .execute();
  return rows.map(inviteView);
}

/** PUT /api/project/invites/{id}: the invitee answers once; anyone else's invite is a 404. */
export async function respondToInvite(
  db: Db,
  userId: string,
  inviteId: string,
  status: Exclude<InviteStatus, "pending">,
): Promise<Invite> {
  await db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom("workspace_invites as i")
      .innerJoin("workspaces as w", "w.id", "i.workspace_id")
      .select(["i.id", "i.status", "i.workspace_id", "w.is_trashed"])
      .where("i.id", "=", inviteId)
      .where("i.invited_user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!invite || invite.is_trashed) throw notFound(INVITE_NOT_FOUND);
    if (invite.status !== "pending") throw conflict(`This invite was already ${invite.status}`);
    await trx
      .updateTable("workspace_invites")
      .set({ status, responded_at: sql`now()` })
      .where("id", "=", invite.id)
      .execute();
    await markShared(trx, invite.workspace_id);
  });
  return inviteView(await invitesQuery(db).where("i.id", "=", inviteId).executeTakeFirstOrThrow());
}

const memberOf = (row: { id: string; handle: string; display_name: string }): Member => ({
  user_id: row.id,
  handle: row.handle,
  display_name: row.display_name,
});

/** GET /api/project/{id}/collaborators: for members; the pending invites for the owner only. */
export async function listCollaborators(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<CollaboratorsResponse> {
  const { row, role } = await memberWorkspace(db, userId, sharableKey(workspaceId));
  const [owner, collaborators, pending] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "handle", "display_name"])
      .where("id", "=", row.user_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("workspace_invites as i")
      .innerJoin("users as u", "u.id", "i.invited_user_id")
      .select(["u.id", "u.handle", "u.display_name"])
      .where("i.workspace_id", "=", row.id)
      .where("i.status", "=", "accepted")
      .orderBy("i.responded_at")
      .orderBy("u.id")
      .execute(),
    role === "owner"
      ? invitesQuery(db)
          .where("i.workspace_id", "=", row.id)
          .where("i.status", "=", "pending")
          .orderBy("i.created_at", "desc")
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    owner: memberOf(owner),
    collaborators: collaborators.map(memberOf),
    pending_invites: pending.map(inviteView),
  };
}

/**
 * Ends someone's membership (or withdraws their invite). Their clips leave the workspace for their
 * own default one, with their pins, so a workspace only ever holds its members' clips. Says whether
 * they were a collaborator (and so may have the workspace open, to be sent away).
 */
async function endMembership(trx: Trx, workspaceId: string, memberId: string): Promise<boolean> {
  const gone = await trx
    .deleteFrom("workspace_invites")
    .where("workspace_id", "=", workspaceId)
    .where("invited_user_id", "=", memberId)
    .returning("status")
    .executeTakeFirst();
  if (!gone) throw notFound(COLLABORATOR_NOT_FOUND);
  const theirs = trx
    .selectFrom("clips")
    .select("id")
    .where("project_id", "=", workspaceId)
    .where("user_id", "=", memberId);
  await trx
    .deleteFrom("workspace_pins")
    .where("workspace_id", "=", workspaceId)
    .where("clip_id", "in", theirs)
    .execute();
  await trx
    .updateTable("clips")
    .set({ project_id: null })
    .where("project_id", "=", workspaceId)
    .where("user_id", "=", memberId)
    .execute();
  await markShared(trx, workspaceId);
  return gone.status === "accepted";
}

/** DELETE /api/project/{id}/collaborators: the owner removes a collaborator or withdraws an invite. */
export async function removeCollaborator(
  db: Db,
  ownerId: string,
  workspaceId: string,
  memberId: string,
): Promise<{ workspaceId: string; wasMember: boolean }> {
  const key = sharableKey(workspaceId);
  return db.transaction().execute(async (trx) => {
    const workspace = await ownerWorkspace(trx, ownerId, key, "remove collaborators", { lock: true });
    if (memberId === ownerId) throw badRequest("The owner cannot be removed from their workspace");
    return { workspaceId: workspace.id, wasMember: await endMembership(trx, workspace.id, memberId) };
  });
}

/** DELETE /api/project/{id}/collaborators/me: a collaborator leaves; the owner cannot. */
export async function leaveWorkspace(db: Db, userId: string, workspaceId: string): Promise<string> {
  const key = sharableKey(workspaceId);
  return db.transaction().execute(async (trx) => {
    const { row, role } = await memberWorkspace(trx, userId, key, { lock: true });
    if (role === "owner") throw badRequest("The owner cannot leave their own workspace");
    await endMembership(trx, row.id, userId);
    return row.id;
  });
}

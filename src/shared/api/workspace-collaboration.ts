import { z } from "zod";

// Shared workspaces: the owner invites people by user id, each invitee accepts or declines, and an
// accepted invitee is a collaborator until removed by the owner or until they leave.

export const INVITE_STATUSES = ["pending", "accepted", "declined"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_NOT_FOUND = "Invite not found";
export const COLLABORATOR_NOT_FOUND = "This user is not a collaborator on this workspace";
export const COLLAB_FLAG_OFF = "Shared workspaces are not enabled for your account";
/** What the pages show when a collaboration call fails without a detail of its own. */
export const UNKNOWN_COLLAB_ERROR = "Unknown error occurred";

const userIdSchema = z.uuid("Give the user's id (a UUID)");

/** POST /api/project/{project_id}/invite. */
export const inviteBodySchema = z.object({ invited_user_id: userIdSchema });
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** PUT /api/project/invites/{invite_id}. */
export const inviteIdParamsSchema = z.object({ invite_id: z.uuid("Invite ids are UUIDs") });
export const inviteResponseBodySchema = z.object({
  status: z.enum(["accepted", "declined"], "Answer with status accepted or declined"),
});
export type InviteResponseBody = z.infer<typeof inviteResponseBodySchema>;

/**
 * DELETE /api/project/{project_id}/collaborators: whom to remove, in the JSON body or, for clients
 * that send no body with DELETE, in the query. A pending invite to them is withdrawn the same way.
 */
export const removeCollaboratorSchema = z.object({ invited_user_id: userIdSchema });

export const memberSchema = z.object({
  user_id: z.string(),
  handle: z.string(),
  display_name: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** An invite as its invitee and the workspace's owner see it. */
export const inviteSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  status: z.enum(INVITE_STATUSES),
  invited_user: memberSchema,
  invited_by: memberSchema,
  /** ISO 8601. */
  created_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET /api/project/invites: the caller's invites still to answer, newest first. */
export const invitesResponseSchema = z.object({ invites: z.array(inviteSchema) });
export type InvitesResponse = z.infer<typeof invitesResponseSchema>;

/**
 * GET /api/project/{project_id}/collaborators: the owner and the collaborators, for every member;
 * the invites still pending, for the owner only (empty for a collaborator).
 */
export const collaboratorsResponseSchema = z.object({
  owner: memberSchema,
  collaborators: z.array(memberSchema),
  pending_invites: z.array(inviteSchema),
});
export type CollaboratorsResponse = z.infer<typeof collaboratorsResponseSchema>;

/** What the removal and leave calls answer. */
export const collaboratorRemovedSchema = z.object({ project_id: z.string(), user_id: z.string() });
export type CollaboratorRemoved = z.infer<typeof collaboratorRemovedSchema>;

/**
 * The workspace_change actions: the clip calls', trash and restore, a song's progress while it is
 * made (update_clips: its status, audio and details changed), and members joining or leaving.
 */
export const WORKSPACE_CHANGE_ACTIONS = [
  "member_joined",
  "member_left",
  "add_clips",
  "remove_clips",
  "move_clips",
  "pin_clips",
  "trash_clips",
  "restore_clips",
  "update_clips",
] as const;
export type WorkspaceChangeAction = (typeof WORKSPACE_CHANGE_ACTIONS)[number];

/** POST /api/project/{project_id}/ably-update: a member tells the others to reload the workspace. */
export const ablyUpdateBodySchema = z.object({
  update_type: z.enum(
    ["add_clips", "remove_clips", "move_clips"],
    "Use add_clips, remove_clips or move_clips",
  ),
});
export const ablyUpdateResponseSchema = z.object({ project_id: z.string(), update_type: z.string() });

// The pages' calls for shared workspaces: invites, their answers, the collaborators, leaving. A
// failed call shows the server's detail, or 'Unknown error occurred' when it gave none.

import { profileSchema } from "../../shared/api/profiles.ts";
import {
  type CollaboratorsResponse,
  collaboratorRemovedSchema,
  collaboratorsResponseSchema,
  type Invite,
  inviteSchema,
  invitesResponseSchema,
  UNKNOWN_COLLAB_ERROR,
} from "../../shared/api/workspace-collaboration.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { showToast } from "./toast-store.ts";

const COLLAB_TOAST_MS = 4000;

/** The server's detail for a refused call; anything else (a lost connection) is an unknown error. */
export function collaborationErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.detail.startsWith("The server answered")) return error.detail;
  return UNKNOWN_COLLAB_ERROR;
}

export function showCollaborationError(error: unknown): void {
  console.warn("A collaboration call failed", error);
  showToast({ kind: "error", title: collaborationErrorText(error), durationMs: COLLAB_TOAST_MS });
}

export const showCollaborationInfo = (title: string) =>
  showToast({ kind: "info", title, durationMs: COLLAB_TOAST_MS });

const path = (workspaceId: string, rest = "") => `/api/project/${encodeURIComponent(workspaceId)}${rest}`;

/** Someone's account by handle, for an invite; null when no one has that handle. */
export async function findUserByHandle(handle: string): Promise<{ id: string; handle: string } | null> {
  try {
    const profile = await apiRequest(`/api/profiles/${encodeURIComponent(handle)}`, profileSchema);
    return { id: profile.user_id, handle: profile.handle };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const fetchCollaborators = (workspaceId: string): Promise<CollaboratorsResponse> =>
  apiRequest(path(workspaceId, "/collaborators"), collaboratorsResponseSchema);

export const inviteUser = (workspaceId: string, userId: string): Promise<Invite> =>
  apiRequest(path(workspaceId, "/invite"), inviteSchema, { body: { invited_user_id: userId } });

/** Removes a collaborator, or withdraws an invite not yet answered. */
export const removeCollaborator = (workspaceId: string, userId: string) =>
  apiRequest(path(workspaceId, "/collaborators"), collaboratorRemovedSchema, {
    method: "DELETE",
    body: { invited_user_id: userId },
  });

export const leaveSharedWorkspace = (workspaceId: string) =>
  apiRequest(path(workspaceId, "/collaborators/me"), collaboratorRemovedSchema, { method: "DELETE" });

export const fetchInvites = async (): Promise<readonly Invite[]> =>
  (await apiRequest("/api/project/invites", invitesResponseSchema)).invites;

export const answerInvite = (inviteId: string, status: "accepted" | "declined"): Promise<Invite> =>
  apiRequest(`/api/project/invites/${encodeURIComponent(inviteId)}`, inviteSchema, {
    method: "PUT",
    body: { status },
  });

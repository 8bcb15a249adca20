// How a workspace's lists mark a shared one: someone else's names its owner.

import type { WorkspaceSummary } from "../api/workspaces.ts";

/** "shared by @ana" for a workspace shared with the viewer, "shared" for their own shared one, else null. */
export function sharedMark(
  workspace: Pick<WorkspaceSummary, "owner" | "shared">,
  viewerId: string | null,
): string | null {
  if (workspace.owner.user_id !== viewerId) return `shared by @${workspace.owner.handle}`;
  return workspace.shared ? "shared" : null;
}

/** Whether the viewer owns the workspace (only the owner renames, archives, invites or removes). */
export const ownsWorkspace = (workspace: Pick<WorkspaceSummary, "owner">, viewerId: string | null) =>
  workspace.owner.user_id === viewerId;

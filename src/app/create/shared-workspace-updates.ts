// Live updates of the shared workspace the create page shows: other members' changes reload its list
// in place with a toast saying who did what, and a member the owner removes leaves it at once for
// the default workspace. Only with the collab-workspaces flag, a shared workspace and a socket.

import { useEffect } from "react";
import { createPathFor } from "../../shared/create/create-query.ts";
import { navigate } from "../router/history-router.ts";
import { followSharedWorkspace } from "../shell/shared-workspace-live.ts";
import { showCollaborationInfo } from "../shell/workspace-collaboration-api.ts";
import {
  forgetWorkspace,
  loadWorkspaces,
  useWorkspaces,
  workspacesStore,
} from "../shell/workspaces-store.ts";
import { reloadSharedClips } from "./workspace-clips.ts";
import { rememberWorkspace } from "./workspace-memory.ts";

/** Sends the page to the default workspace, out of one the user no longer belongs to. */
export function leaveToDefault(userId: string, workspaceId: string, message: string): void {
  forgetWorkspace(workspaceId);
  rememberWorkspace(userId, null);
  navigate(createPathFor(window.location.search, null));
  showCollaborationInfo(message);
}

/**
 * Follows the workspace shown when it is shared, or when it is the user's own (someone may join it
 * at any moment); a member joining or leaving reloads the workspaces, whose shared mark changes.
 */
export function useSharedWorkspaceUpdates(userId: string, wid: string | null, flagOn: boolean): void {
  const followed = useWorkspaces((state) =>
    state.list.some((w) => w.id === wid && (w.shared || w.owner.user_id === userId)),
  );
  useEffect(() => {
    if (!flagOn || !followed || wid === null) return;
    return followSharedWorkspace(wid, userId, {
      reload: () => reloadSharedClips(wid),
      membersChanged: () => loadWorkspaces(),
      tell: showCollaborationInfo,
      kicked: () => {
        const name = workspacesStore.getState().list.find((w) => w.id === wid)?.name ?? "the workspace";
        leaveToDefault(userId, wid, `You were removed from ${name}`);
      },
    });
  }, [userId, wid, followed, flagOn]);
}

// Following a shared workspace's channel: the other members' changes are gathered for a second,
// then the list reloads once and says who did what; a member removed by the owner is sent away at
// once; after a lost connection the list reloads, so nothing said meanwhile is missed.

import {
  KICK_USER_EVENT,
  kickUserEventSchema,
  projectChannel,
  WORKSPACE_CHANGE_EVENT,
  type WorkspaceChangeEvent,
  workspaceChangeEventSchema,
} from "../../shared/api/realtime.ts";
import {
  summarizeWorkspaceChanges,
  WORKSPACE_CHANGE_BATCH_MS,
} from "../../shared/workspaces/workspace-change-summary.ts";
import { followChannel } from "./realtime-socket.ts";

const MEMBERSHIP_ACTIONS = new Set(["member_joined", "member_left"]);

export interface SharedWorkspaceHandlers {
  /** Reloads the workspace's list (after changes, and after each (re)subscription). */
  readonly reload: () => Promise<void>;
  /** Tells the lines of one batch ('ana added 2 songs'). */
  readonly tell: (line: string) => void;
  /** Someone joined or left: the workspace's shared mark may have changed. */
  readonly membersChanged: () => Promise<void>;
  /** The signed-in user was removed from the workspace. */
  readonly kicked: () => void;
}

/** Follows the workspace until the returned function is called (or the user is removed). */
export function followSharedWorkspace(
  workspaceId: string,
  selfId: string,
  handlers: SharedWorkspaceHandlers,
): () => void {
  let pending: WorkspaceChangeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const reload = () =>
    handlers.reload().catch((error: unknown) => console.warn("Could not reload the shared workspace", error));

  const flush = async () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    if (stopped || batch.length === 0) return;
    await reload();
    if (batch.some((change) => MEMBERSHIP_ACTIONS.has(change.action))) {
      await handlers
        .membersChanged()
        .catch((error: unknown) => console.warn("Could not reload the workspaces", error));
    }
    if (!stopped) for (const line of summarizeWorkspaceChanges(batch, selfId)) handlers.tell(line);
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unfollow();
  };

  const unfollow = followChannel(projectChannel(workspaceId), {
    onEvent: (name, data) => {
      if (name === KICK_USER_EVENT) {
        const kick = kickUserEventSchema.safeParse(data);
        if (kick.success && kick.data.target_user_id === selfId) {
          stop();
          handlers.kicked();
        }
        return;
      }
      if (name !== WORKSPACE_CHANGE_EVENT) return;
      const change = workspaceChangeEventSchema.safeParse(data);
      if (!change.success) return console.warn("A workspace change did not match its schema", change.error);
      pending.push(change.data);
      timer ??= setTimeout(() => void flush(), WORKSPACE_CHANGE_BATCH_MS);
    },
    onSubscribed: () => void reload(),
  });
  return stop;
}

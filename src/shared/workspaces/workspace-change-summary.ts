// What the other members of a shared workspace are told of its changes: the workspace_change events
// heard within one batch (1000 ms) become one line per person and action ('ana added 2 songs').

import type { WorkspaceChangeEvent } from "../api/realtime.ts";

/** Changes heard within this window are applied and told together. */
export const WORKSPACE_CHANGE_BATCH_MS = 1000;

/** The verb of each action; an action not listed is told as an update of the workspace. */
const VERBS: Readonly<Record<string, string>> = {
  add_clips: "added",
  remove_clips: "removed",
  move_clips: "moved",
  pin_clips: "pinned or unpinned",
  trash_clips: "trashed",
  restore_clips: "restored",
};

/** Membership changes: they name no songs. */
const MEMBERSHIP: Readonly<Record<string, string>> = {
  member_joined: "joined the workspace",
  member_left: "left the workspace",
};

/** Applied without a word: a song's progress while it is made shows in the list itself. */
const UNTOLD = new Set(["update_clips"]);

const songs = (count: number) => (count === 1 ? "1 song" : `${count} songs`);

/**
 * One line per person and action, in the order first heard; one's own changes (from another tab)
 * and songs' progress are not told. The songs are counted by id, so the same song changed twice counts once; an event
 * without ids (the ably-update call) says the workspace was updated.
 */
export function summarizeWorkspaceChanges(events: readonly WorkspaceChangeEvent[], selfId: string): string[] {
  const groups = new Map<string, { who: string; action: string; ids: Set<string>; counted: boolean }>();
  for (const event of events) {
    if (event.user_id === selfId || UNTOLD.has(event.action)) continue;
    const key = `${event.user_id}\u0000${event.action}`;
    const group = groups.get(key) ?? {
      who: event.handle ?? "Someone",
      action: event.action,
      ids: new Set<string>(),
      counted: true,
    };
    if (event.clip_ids === undefined) group.counted = false;
    for (const id of event.clip_ids ?? []) group.ids.add(id);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ who, action, ids, counted }) => {
    const membership = MEMBERSHIP[action];
    if (membership !== undefined) return `${who} ${membership}`;
    const verb = VERBS[action];
    if (verb === undefined || !counted || ids.size === 0) return `${who} updated the workspace`;
    return `${who} ${verb} ${songs(ids.size)}`;
  });
}

// Add to Queue, for the song menu and the lists: songs go to the end of the player's queue, with a
// toast saying how many.

import type { Clip } from "../../shared/api/clips.ts";
import { showToast } from "../shell/toast-store.ts";
import { isPlayable, updatePlayer } from "./player-store.ts";
import { enqueue } from "./queue-edits.ts";

/** The queue toast stays 3 s. */
const QUEUE_TOAST_MS = 3000;

/** The toast's words for `count` songs added. */
export const addedToQueueText = (count: number): string =>
  count === 1 ? "Added to song queue" : `Added ${count} songs to queue`;

/** Adds the playable ones of `clips` at the end of the queue; returns how many went in. */
export function addToQueue(clips: readonly Clip[]): number {
  const playable = clips.filter(isPlayable);
  if (playable.length === 0) return 0;
  updatePlayer((state) => enqueue(state, playable));
  showToast({ kind: "success", title: addedToQueueText(playable.length), durationMs: QUEUE_TOAST_MS });
  return playable.length;
}

// Add to Queue, for the song menu and the lists: songs go to the end of the player's queue, with a
// toast saying how many.

import type { Clip } from "../../shared/api/clips.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";
import { isPlayable, updatePlayer } from "./player-store.ts";
import { enqueue } from "./queue-edits.ts";

/** The queue toast stays 3 s. */
const QUEUE_TOAST_MS = 3000;

/** The toast's words for `count` songs added ('Added to song queue', 'Added {n} songs to queue'), in the page's language. */
const addedToQueueText = (count: number): string => i18n.t("player.addedToQueue", { count });

/** Adds the playable ones of `clips` at the end of the queue; returns how many went in. */
export function addToQueue(clips: readonly Clip[]): number {
  const playable = clips.filter(isPlayable);
  if (playable.length === 0) return 0;
  updatePlayer((state) => enqueue(state, playable));
  showToast({ kind: "success", title: addedToQueueText(playable.length), durationMs: QUEUE_TOAST_MS });
  return playable.length;
}

// What a signed-in listener's player saves and how it comes back: pure rules for the page's sync.

import { IDS_MAX } from "../../shared/api/clips.ts";
import type { PlaybarState } from "../../shared/api/playbar-state.ts";
import { currentClip, type PlayerQueueState, type QueueClip } from "./player-queue.ts";

/** Saves wait this long after the last change, so a burst of changes is one save. */
export const PLAYBAR_SAVE_DEBOUNCE_MS = 500;
/**
 * A move of the position alone (a seek, a pause's last update) is saved this long after it stops
 * moving: while a song plays its position moves all the time and is saved with the other changes.
 */
export const PLAYBAR_TIME_DEBOUNCE_MS = 1000;
/** Songs brought back around the saved song: one request's worth of ids. */
export const RESTORE_WINDOW = IDS_MAX;

/** Pages that play something of their own on load: the saved player does not come back there. */
const NO_RESTORE = [/^\/song\//, /^\/s\//, /^\/home(\/|$)/, /^\/create(\/|$)/, /^\/playlist\//];

export const restoresPlaybar = (pathname: string): boolean =>
  !NO_RESTORE.some((pattern) => pattern.test(pathname));

export interface Device {
  readonly id: string;
  readonly type: string;
}

/** The state to save for the player, or null when it holds no song (nothing worth keeping). */
export function playbarStateOf(
  state: PlayerQueueState,
  currentTime: number,
  now: Date,
  device: Device,
): PlaybarState | null {
  const clip = currentClip(state);
  if (clip === undefined) return null;
  return {
    playbar_state: state.playing ? "playing" : "paused",
    song_index: state.order[state.position] ?? 0,
    song_play_time: Math.max(0, currentTime),
    repeat_state: state.repeat,
    action_time: now.toISOString(),
    song_ids_in_queue: state.clips.map((queued) => queued.id),
    volume: state.volume,
    device_id: device.id,
    device_type: device.type,
    context_id: state.context?.id ?? null,
    context_type: state.context?.type ?? null,
  };
}

/** The ids to fetch back: a window of the queue around the saved song, and that song's index in it. */
export function restoreWindow(saved: PlaybarState): { readonly ids: string[]; readonly index: number } {
  const ids = saved.song_ids_in_queue;
  const index = Math.min(Math.max(0, saved.song_index), Math.max(0, ids.length - 1));
  const start = Math.max(0, Math.min(index - Math.floor(RESTORE_WINDOW / 2), ids.length - RESTORE_WINDOW));
  return { ids: ids.slice(start, start + RESTORE_WINDOW), index: index - start };
}

export interface RestoredQueue<C extends QueueClip> {
  readonly clips: C[];
  /** Where the saved song is in `clips`; the nearest song that came back when it did not. */
  readonly index: number;
}

/**
 * The queue rebuilt from the songs the server still answers (deleted or private ones drop out), in
 * the saved order; null when none came back.
 */
export function restoredQueue<C extends QueueClip>(
  window: { readonly ids: readonly string[]; readonly index: number },
  found: readonly C[],
): RestoredQueue<C> | null {
  const byId = new Map(found.map((clip) => [clip.id, clip]));
  const clips: C[] = [];
  let index = -1;
  window.ids.forEach((id, at) => {
    const clip = byId.get(id);
    if (clip === undefined) return;
    if (at <= window.index || index === -1) index = clips.length;
    clips.push(clip);
  });
  return clips.length === 0 ? null : { clips, index };
}

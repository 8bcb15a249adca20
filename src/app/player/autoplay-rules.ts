// When the queue asks the server for more songs, and what it sends: pure rules for the autoplay
// refill, and whether a queue plays on by itself (continuous play).

import { AUTOPLAY_HISTORY, AUTOPLAY_PAGE_SIZE, type AutoplayBody } from "../../shared/api/autoplay.ts";
import { currentClip, type PlayerQueueState, type QueueClip, type QueueContext } from "./player-queue.ts";
import { enqueue, remainingCount } from "./queue-edits.ts";

/** Autoplay fetches more once this many songs or fewer are left after the current one. */
export const AUTOPLAY_REFILL_AT = 2;

/**
 * Whether the queue should fetch more now: a song is current, the queue plays on by itself
 * (continuous, no repeat: repeat all wraps, repeat one stays) and 2 or fewer songs remain.
 */
export const needsRefill = (state: PlayerQueueState): boolean =>
  currentClip(state) !== undefined &&
  state.continuous &&
  state.repeat === "off" &&
  remainingCount(state) <= AUTOPLAY_REFILL_AT;

/** The autoplay call for the queue: its current song, its playlist or search, its last 50 entries. */
export function autoplayRequest(state: PlayerQueueState): AutoplayBody {
  const entries = state.order.flatMap((index) => state.clips[index] ?? []);
  return {
    clip_id: currentClip(state)?.id ?? null,
    playlist_id: state.context?.type === "playlist" ? state.context.id : null,
    query: state.context?.type === "search" ? state.context.id : null,
    clips_in_queue: entries.slice(-AUTOPLAY_HISTORY).map((clip) => ({ clip_id: clip.id })),
    page_size: AUTOPLAY_PAGE_SIZE,
  };
}

/** The answer's songs that are not queued yet, added at the end. */
export function appendAutoplay<C extends QueueClip>(
  state: PlayerQueueState<C>,
  found: readonly C[],
): PlayerQueueState<C> {
  const queued = new Set(state.clips.map((clip) => clip.id));
  const fresh = found.filter((clip) => {
    if (queued.has(clip.id)) return false;
    queued.add(clip.id);
    return true;
  });
  return enqueue(state, fresh);
}

/** Lists of the listener's own keeping: there the listener's continuous-play preference holds. */
const LIBRARY_LIKE = new Set(["song_list", "library", "workspace", "playlist", "liked", "on_repeat"]);

/**
 * Continuous play for a queue from `context`: the listener's preference in library-like lists; on
 * anything else (radio, a song page, search) the queue always plays on.
 */
export const continuousFor = (context: QueueContext | null, preference: boolean): boolean =>
  context !== null && LIBRARY_LIKE.has(context.type) ? preference : true;

/** Whether a context's continuous setting is the listener's preference (and so worth keeping). */
export const keepsPreference = (context: QueueContext | null): boolean =>
  context !== null && LIBRARY_LIKE.has(context.type);

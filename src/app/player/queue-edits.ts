// The queue panel's edits as pure functions of the player's state: add songs at the end, take one
// out, move one, clear what is left to play, play from a row. The play order is what the panel shows;
// without shuffle it is the list order, so a move changes the list itself and shuffle off keeps it.

import { currentClip, type PlayerQueueState, playableFrom, type QueueClip, started } from "./player-queue.ts";

/** Songs left to play after the current one. */
export const remainingCount = (state: PlayerQueueState): number =>
  state.position < 0 ? state.order.length : state.order.length - 1 - state.position;

/**
 * Adds songs at the end of the play order. An empty player takes the first playable one as its
 * current song, paused: adding to the queue never starts sound by itself.
 */
export function enqueue<C extends QueueClip>(
  state: PlayerQueueState<C>,
  added: readonly C[],
): PlayerQueueState<C> {
  if (added.length === 0) return state;
  const clips = [...state.clips, ...added];
  const order = [...state.order, ...added.map((_, at) => state.clips.length + at)];
  const next = { ...state, clips, order };
  if (currentClip(state) !== undefined) return next;
  const position = playableFrom(next, 0, 1, false);
  return { ...next, position, playing: false };
}

/** Takes out the song at `position` of the play order; the current song stays (it is playing). */
export function removeAt<C extends QueueClip>(
  state: PlayerQueueState<C>,
  position: number,
): PlayerQueueState<C> {
  const index = state.order[position];
  if (index === undefined || position === state.position) return state;
  const clips = state.clips.filter((_, at) => at !== index);
  const order = state.order
    .filter((_, at) => at !== position)
    .map((value) => (value > index ? value - 1 : value));
  return {
    ...state,
    clips,
    order,
    position: position < state.position ? state.position - 1 : state.position,
  };
}

/** `items` with the one at `from` moved to `to`. */
export const moved = <T>(items: readonly T[], from: number, to: number): T[] => {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
};

/** Moves the song at `from` of the play order to `to`; the current song stays current wherever it lands. */
export function moveTo<C extends QueueClip>(
  state: PlayerQueueState<C>,
  from: number,
  to: number,
): PlayerQueueState<C> {
  const count = state.order.length;
  if (from === to || from < 0 || to < 0 || from >= count || to >= count) return state;
  const currentIndex = state.order[state.position];
  if (state.shuffle) {
    const order = moved(state.order, from, to);
    return { ...state, order, position: currentIndex === undefined ? -1 : order.indexOf(currentIndex) };
  }
  // The list order is the play order: the list moves, and the order stays 0..n-1.
  const clips = moved(
    state.clips.map((clip, at) => ({ clip, at })),
    from,
    to,
  );
  const position = currentIndex === undefined ? -1 : clips.findIndex((entry) => entry.at === currentIndex);
  return { ...state, clips: clips.map((entry) => entry.clip), position };
}

/** Clear: everything but the current song leaves the queue. */
export function clearQueue<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  const clip = currentClip(state);
  if (clip === undefined) return { ...state, clips: [], order: [], position: -1, playing: false };
  return { ...state, clips: [clip], order: [0], position: 0 };
}

/** Play from here: the song at `position` of the play order (or the next playable one) starts. */
export function playFrom<C extends QueueClip>(
  state: PlayerQueueState<C>,
  position: number,
): PlayerQueueState<C> {
  const playable = playableFrom(state, position, 1, false);
  return playable === -1 ? state : started(state, playable);
}

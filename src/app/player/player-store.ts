// The global player's state: the queue (the list a song was played from, with where it came from),
// what plays, repeat, shuffle, continuous play, mute and volume. The rules are the pure functions of
// player-queue.ts; this store only holds their result for every page. The <audio> element lives in
// the player bar and follows it.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import { isPlayable as isPlayableStatus } from "../../shared/create/clip-polling.ts";
import { continuousFor, keepsPreference } from "./autoplay-rules.ts";
import {
  currentClip,
  emptyQueue,
  type PlayerQueueState,
  playList,
  type QueueContext,
  toggleContinuous,
  togglePlaying,
} from "./player-queue.ts";

/** Only a clip streaming or complete, with its audio's address, can be played. */
export const isPlayable = (clip: Clip): boolean => isPlayableStatus(clip.status) && clip.audio_url !== null;

export type PlayerState = PlayerQueueState<Clip>;

export const playerStore = createStore<PlayerState>(() => emptyQueue<Clip>());

export const usePlayer = <T>(select: (state: PlayerState) => T): T => useStore(playerStore, select);

/** Applies one of the queue's rules to the store. */
export const updatePlayer = (rule: (state: PlayerState) => PlayerState): void =>
  playerStore.setState(rule(playerStore.getState()), true);

/** The id of the song the player holds, if any. */
export const currentClipId = (state: PlayerState): string | null => currentClip(state)?.id ?? null;

/**
 * A song's play button: pauses or resumes the song the player holds; any other song plays, with the
 * list it was clicked in (its playable songs) as the queue.
 */
export function togglePlay(
  clip: Clip,
  list: readonly Clip[] = [clip],
  context: QueueContext | null = null,
  startAt = 0,
): void {
  if (!isPlayable(clip)) return;
  const state = playerStore.getState();
  if (currentClipId(state) === clip.id) {
    updatePlayer(togglePlaying);
    return;
  }
  pendingSeek = startAt > 0 ? { clipId: clip.id, seconds: startAt } : null;
  const queue = list.filter(isPlayable);
  const start = queue.findIndex((queued) => queued.id === clip.id);
  updatePlayer((current) => ({
    ...(start === -1 ? playList(current, [clip], 0, context) : playList(current, queue, start, context)),
    continuous: continuousFor(context, continuousPreference()),
  }));
}

/**
 * Play all (or shuffle) of a list from its page: its playable songs become the queue, from the
 * first, or in a random order from a random one.
 */
export function playAll(list: readonly Clip[], context: QueueContext, shuffle: boolean): void {
  const queue = list.filter(isPlayable);
  if (queue.length === 0) return;
  const start = shuffle ? Math.floor(Math.random() * queue.length) : 0;
  pendingSeek = null;
  updatePlayer((current) => ({
    ...playList({ ...current, shuffle }, queue, start, context),
    continuous: continuousFor(context, continuousPreference()),
  }));
}

const CONTINUOUS_KEY = "tunesmith.player.continuous";

/** The listener's continuous-play choice in their own lists (on until they turn it off). */
export const continuousPreference = (): boolean => localStorage.getItem(CONTINUOUS_KEY) !== "off";

/** The continuous-play switch: in the listener's own lists, their choice is kept for next time. */
export function switchContinuous(): void {
  updatePlayer(toggleContinuous);
  const { continuous, context } = playerStore.getState();
  if (keepsPreference(context)) localStorage.setItem(CONTINUOUS_KEY, continuous ? "on" : "off");
}

/** Where a restored song, or one played from a link's ?t=, starts once its audio is loaded. */
let pendingSeek: { readonly clipId: string; readonly seconds: number } | null = null;

/** Where the player is in the song it holds, in seconds, as the element last reported it. */
export const playheadStore = createStore<{ readonly clipId: string | null; readonly seconds: number }>(
  () => ({
    clipId: null,
    seconds: 0,
  }),
);

export const publishPosition = (clipId: string | null, seconds: number): void =>
  playheadStore.setState({ clipId, seconds });

/** A page's request to move within the song the player holds (a comment's marker); serial tells repeats apart. */
export const seekRequests = createStore<{
  readonly clipId: string | null;
  readonly seconds: number;
  readonly serial: number;
}>(() => ({ clipId: null, seconds: 0, serial: 0 }));

/** Plays the song from `seconds`: a seek (resuming if paused) when the player holds it, else the song from there. */
export function playAt(clip: Clip, seconds: number): void {
  const state = playerStore.getState();
  if (currentClipId(state) !== clip.id) {
    togglePlay(clip, [clip], null, seconds);
    return;
  }
  seekRequests.setState((request) => ({ clipId: clip.id, seconds, serial: request.serial + 1 }));
  if (!state.playing) updatePlayer(togglePlaying);
}

/** The restored position for `clipId` (once), or 0. */
export function takePendingSeek(clipId: string | null): number {
  if (pendingSeek === null || pendingSeek.clipId !== clipId) return 0;
  const { seconds } = pendingSeek;
  pendingSeek = null;
  return seconds;
}

export interface RestoredPlayer {
  readonly clips: readonly Clip[];
  readonly index: number;
  readonly context: QueueContext | null;
  readonly repeat: PlayerState["repeat"];
  readonly volume: number;
  readonly seconds: number;
}

/** Brings a saved player back, paused at its song and position (a page may not start sound unasked). */
export function restorePlayer(saved: RestoredPlayer): void {
  updatePlayer((state) => {
    const queued = playList(state, saved.clips, saved.index, saved.context);
    return { ...queued, playing: false, repeat: saved.repeat, volume: saved.volume };
  });
  const clipId = currentClipId(playerStore.getState());
  pendingSeek = clipId === null ? null : { clipId, seconds: saved.seconds };
}

// The player bar's state: which clip plays, and the volume (0.8 by default). The <audio>
// element itself lives in the bar; this only says what it should be doing.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import { isPlayable as isPlayableStatus } from "../../shared/create/clip-polling.ts";

export const DEFAULT_VOLUME = 0.8;

/** Only a clip streaming or complete, with its audio's address, can be played. */
export const isPlayable = (clip: Clip): boolean => isPlayableStatus(clip.status) && clip.audio_url !== null;

export interface PlayerState {
  readonly clipId: string | null;
  readonly playing: boolean;
  readonly volume: number;
  /** Where the next clip chosen starts, in seconds (a song link's ?t=); taken once by the player bar. */
  readonly startAt: number;
  /** The player's position in the chosen clip, in seconds. */
  readonly position: number;
}

export const playerStore = createStore<PlayerState>(() => ({
  clipId: null,
  playing: false,
  volume: DEFAULT_VOLUME,
  startAt: 0,
  position: 0,
}));

export const usePlayer = <T>(select: (state: PlayerState) => T): T => useStore(playerStore, select);

/** Play a clip (from startAt seconds when it is not the one already chosen), or pause/resume that one. */
export function togglePlay(clip: Clip, startAt = 0): void {
  if (!isPlayable(clip)) return;
  const { clipId, playing } = playerStore.getState();
  if (clipId === clip.id) playerStore.setState({ playing: !playing });
  else playerStore.setState({ clipId: clip.id, playing: true, startAt, position: 0 });
}

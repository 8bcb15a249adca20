// The crossfade between queued songs, a listener's setting kept in this browser: 0 (gapless) to
// 12 seconds, in whole seconds. The audio engine does the fades; this only holds the choice.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { CROSSFADE_MAX_S } from "../../engine/queue-joins.ts";

const KEY = "tunesmith.player.crossfade";

/** A stored or typed value as a setting: whole seconds within 0..12; anything unreadable is 0. */
export function crossfadeSeconds(value: unknown): number {
  const seconds = Math.round(Number(value));
  return Number.isFinite(seconds) ? Math.min(CROSSFADE_MAX_S, Math.max(0, seconds)) : 0;
}

const stored = (): number =>
  typeof localStorage === "undefined" ? 0 : crossfadeSeconds(localStorage.getItem(KEY) ?? 0);

const crossfadeStore = createStore<{ readonly seconds: number }>(() => ({ seconds: stored() }));

export const useCrossfade = (): number => useStore(crossfadeStore, (state) => state.seconds);

export function setCrossfade(value: unknown): void {
  const seconds = crossfadeSeconds(value);
  localStorage.setItem(KEY, String(seconds));
  crossfadeStore.setState({ seconds });
}

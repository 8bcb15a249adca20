// The join between two queued songs, measured from the engine's output: two tone songs queued
// back to back (gapless) are rendered by the engine core the worklet runs, and the longest run of
// output below -60 dBFS around the join is the join's silence.

import { readFileSync } from "node:fs";
import { renderOffline } from "../src/engine/offline-render.ts";
import { longestSilence, queueClipPatches, queueTrack } from "../src/engine/queue-joins.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";
import type { EnginePatch } from "../worklets/engine-protocol.ts";

const RATE = 48_000;
const SONG_FRAMES = RATE * 2;
/** -60 dBFS. */
const SILENT = 1e-3;
export const JOIN_SILENCE_TARGET_MS = 20;

function tone(slot: number, hz: number): EnginePatch {
  const data = Float32Array.from(
    { length: SONG_FRAMES },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
  return { op: "source", slot, frames: SONG_FRAMES, data: [data, data] };
}

/** The longest silence at the join of two gapless queued songs, in milliseconds. */
export function joinSilenceMs(): number {
  const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
  const songs = [
    { clipSlot: 0, sourceSlot: 0, frames: SONG_FRAMES },
    { clipSlot: 1, sourceSlot: 1, frames: SONG_FRAMES },
  ];
  const patches = [
    tone(0, 440),
    tone(1, 523.25),
    queueTrack(0),
    ...queueClipPatches(0, songs, 0),
    { op: "play" } as const,
  ];
  const { left } = renderOffline(dsp, RATE, patches, SONG_FRAMES * 2);
  return (longestSilence(left, SONG_FRAMES - RATE / 10, SONG_FRAMES + RATE / 10, SILENT) / RATE) * 1000;
}

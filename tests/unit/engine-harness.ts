import { type RenderedAudio, renderOffline } from "../../src/engine/offline-render.ts";
import { queueTrack } from "../../src/engine/queue-joins.ts";
import type { ClipPatch, EnginePatch } from "../../worklets/engine-protocol.ts";
import { newDsp } from "../dsp-wasm.ts";

export const RATE = 48_000;

/** A mono source of `frames` frames whose every sample is `value`. */
export function constantSource(slot: number, frames: number, value: number): EnginePatch {
  return { op: "source", slot, frames, data: [new Float32Array(frames).fill(value)] };
}

export function track(
  slot: number,
  fields: Partial<{ amplitude: number; balance: number; mute: boolean; solo: boolean }> = {},
) {
  return { ...queueTrack(slot), ...fields };
}

export function clip(slot: number, fields: Partial<Omit<ClipPatch, "op" | "slot">>): ClipPatch {
  return {
    op: "clip",
    slot,
    track: 0,
    source: 0,
    start: 0,
    end: RATE,
    sourceStart: 0,
    amplitude: 1,
    mute: false,
    fadeIn: 0,
    fadeOut: 0,
    loop: { enabled: false, start: 0, end: 0 },
    ...fields,
  };
}

export function render(patches: readonly EnginePatch[], frames: number): RenderedAudio {
  return renderOffline(newDsp(), RATE, patches, frames);
}

/** The wasm's own fade curve, so tests compare against the formula it documents. */
export function fadeCurve(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return (t * t) / (t * t + (1 - t) * (1 - t));
}

export function maxStep(samples: Float32Array, from = 0, to = samples.length): number {
  let max = 0;
  for (let i = Math.max(1, from); i < to; i++) max = Math.max(max, Math.abs(samples[i] - samples[i - 1]));
  return max;
}

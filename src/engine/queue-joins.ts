// Gapless and crossfaded queue playback in the engine: each queued song is a clip on one track,
// placed so that the next one starts on the very frame the previous one ends (gapless) or overlaps
// it by the crossfade, the wasm core's fades shaping both sides. The joins are sample-accurate on
// the audio thread: no main-thread timer decides when the next song starts.

import type { ClipPatch, EnginePatch, TrackPatch } from "../../worklets/engine-protocol.ts";

/** The longest crossfade the setting offers, in seconds. */
export const CROSSFADE_MAX_S = 12;

/** The crossfade setting in frames: 0 to 12 s, anything else clamped. */
export const crossfadeFrames = (seconds: number, sampleRate: number): number =>
  Math.round(Math.min(CROSSFADE_MAX_S, Math.max(0, Number.isFinite(seconds) ? seconds : 0)) * sampleRate);

export interface QueuePlacement {
  readonly start: number;
  readonly end: number;
  readonly fadeIn: number;
  readonly fadeOut: number;
}

/**
 * Where each song of `lengths` (frames) plays on the timeline. A join overlaps the songs by the
 * crossfade, at most half the shorter of the two (so a fade never crosses another join); the
 * first song fades in from nothing only, the last fades out only at its end.
 */
export function queuePlacements(lengths: readonly number[], crossfade: number): QueuePlacement[] {
  const overlaps = lengths.slice(1).map((length, at) => {
    const previous = lengths[at] as number;
    return Math.max(0, Math.min(crossfade, Math.floor(Math.min(previous, length) / 2)));
  });
  const placements: QueuePlacement[] = [];
  let start = 0;
  lengths.forEach((length, at) => {
    const fadeIn = at === 0 ? 0 : (overlaps[at - 1] as number);
    const fadeOut = overlaps[at] ?? 0;
    placements.push({ start, end: start + length, fadeIn, fadeOut });
    start += length - fadeOut;
  });
  return placements;
}

/** The one track the queue plays on: unity gain, centred, no EQ. */
export function queueTrack(slot: number): TrackPatch {
  const stages = Array.from({ length: 6 }, () => ({ enabled: false, frequency: 1000, q: 1, gain: 0 }));
  return {
    op: "track",
    slot,
    amplitude: 1,
    balance: 0,
    mute: false,
    solo: false,
    eq: { enabled: false, stages },
  };
}

/** The clip patches of a queue whose songs are loaded in `sources` (slot and frames), in play order. */
export function queueClipPatches(
  track: number,
  sources: readonly { readonly clipSlot: number; readonly sourceSlot: number; readonly frames: number }[],
  crossfade: number,
): EnginePatch[] {
  const placements = queuePlacements(
    sources.map((source) => source.frames),
    crossfade,
  );
  return sources.map((source, at): ClipPatch => {
    const placement = placements[at] as QueuePlacement;
    return {
      op: "clip",
      slot: source.clipSlot,
      track,
      source: source.sourceSlot,
      sourceStart: 0,
      amplitude: 1,
      mute: false,
      loop: { enabled: false, start: 0, end: 0 },
      ...placement,
    };
  });
}

/** The longest run of frames in `samples[from..to)` with every sample below `threshold` in magnitude. */
export function longestSilence(samples: Float32Array, from: number, to: number, threshold: number): number {
  let longest = 0;
  let run = 0;
  for (let i = Math.max(0, from); i < Math.min(samples.length, to); i++) {
    run = Math.abs(samples[i] as number) < threshold ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

import { describe, expect, it } from "vitest";
import {
  CROSSFADE_MAX_S,
  crossfadeFrames,
  longestSilence,
  queueClipPatches,
  queuePlacements,
  queueTrack,
} from "../../src/engine/queue-joins.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import { constantSource, RATE, render } from "./engine-harness.ts";

/** A mono tone source: a song whose every frame sounds. */
function toneSource(slot: number, frames: number, hz: number): EnginePatch {
  const data = Float32Array.from({ length: frames }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE));
  return { op: "source", slot, frames, data: [data] };
}

/** Two songs of `frames` queued on track 0 with `crossfade`, playing. */
const twoSongs = (
  first: EnginePatch,
  second: EnginePatch,
  frames: number,
  crossfade: number,
): EnginePatch[] => [
  first,
  second,
  queueTrack(0),
  ...queueClipPatches(
    0,
    [
      { clipSlot: 0, sourceSlot: 0, frames },
      { clipSlot: 1, sourceSlot: 1, frames },
    ],
    crossfade,
  ),
  { op: "play" },
];

describe("queue joins in the engine", () => {
  it("places songs end to start, overlapping by the crossfade, at most half the shorter song", () => {
    expect(queuePlacements([100, 200, 50], 0)).toEqual([
      { start: 0, end: 100, fadeIn: 0, fadeOut: 0 },
      { start: 100, end: 300, fadeIn: 0, fadeOut: 0 },
      { start: 300, end: 350, fadeIn: 0, fadeOut: 0 },
    ]);
    expect(queuePlacements([100, 200, 50], 40)).toEqual([
      { start: 0, end: 100, fadeIn: 0, fadeOut: 40 },
      { start: 60, end: 260, fadeIn: 40, fadeOut: 25 },
      { start: 235, end: 285, fadeIn: 25, fadeOut: 0 },
    ]);
    expect(crossfadeFrames(3, 1000)).toBe(3000);
    expect(crossfadeFrames(99, 1000)).toBe(CROSSFADE_MAX_S * 1000);
    expect(crossfadeFrames(-1, 1000)).toBe(0);
    expect(crossfadeFrames(Number.NaN, 1000)).toBe(0);
  });

  it("joins two songs without a gap: no silence at the join in the engine's output", () => {
    const frames = RATE / 2;
    const patches = twoSongs(toneSource(0, frames, 440), toneSource(1, frames, 660), frames, 0);
    const out = render(patches, frames * 2 + 256).left;
    // Around the join, no near-silence longer than the core's declick ramps at clip edges (under
    // 1 ms); the bar for a gapless join is 20 ms.
    const silence = longestSilence(out, frames - 2400, frames + 2400, 1e-3);
    expect(silence).toBeLessThan(0.001 * RATE);
    expect(silence).toBeLessThan(0.02 * RATE);
    // And the queue ends where the second song does.
    expect(longestSilence(out, frames * 2, frames * 2 + 256, 1e-6)).toBe(256);
  });

  it("crossfades with the core's constant-sum fades: two equal songs sound unchanged across the overlap", () => {
    const frames = RATE;
    const fade = crossfadeFrames(0.25, RATE);
    const patches = twoSongs(constantSource(0, frames, 0.5), constantSource(1, frames, 0.5), frames, fade);
    const out = render(patches, frames * 2 - fade).left;
    let worst = 0;
    for (let i = frames - fade - 10; i < frames + 10; i++)
      worst = Math.max(worst, Math.abs((out[i] as number) - 0.5));
    expect(worst).toBeLessThan(1e-3);
  });
});

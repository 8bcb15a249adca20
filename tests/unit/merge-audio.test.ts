import { describe, expect, it } from "vitest";
import { joinSongs, MERGE_FADE_SECONDS } from "../../src/server/clips/merge-audio.ts";

const RATE = 1000;
const constant = (value: number, frames: number, channels = 1) => ({
  sampleRate: RATE,
  channels: Array.from({ length: channels }, () => new Float32Array(frames).fill(value)),
});

describe("merged songs' audio", () => {
  it("puts the songs one after another, overlapping each join by the fade", () => {
    const fade = Math.round(MERGE_FADE_SECONDS * RATE);
    const joined = joinSongs([constant(0.5, 200), constant(-0.25, 300), constant(1, 100)]);
    expect(joined.channels[0].length).toBe(600 - 2 * fade);
    // Untouched outside the joins.
    expect(joined.channels[0][0]).toBe(0.5);
    expect(joined.channels[0][200 - fade - 1]).toBe(0.5);
    expect(joined.channels[0][200]).toBe(-0.25);
    expect(joined.channels[0][599 - 2 * fade]).toBe(1);
  });

  it("crossfades with equal power: the gains' squares sum to 1 through the overlap", () => {
    const fade = Math.round(MERGE_FADE_SECONDS * RATE);
    const a = joinSongs([constant(1, 100), constant(0, 100)]).channels[0];
    const b = joinSongs([constant(0, 100), constant(1, 100)]).channels[0];
    for (let i = 100 - fade; i < 100; i++) expect(a[i] ** 2 + b[i] ** 2).toBeCloseTo(1, 6);
    // The outgoing song fades out and the incoming one in, monotonically.
    for (let i = 101 - fade; i < 100; i++) {
      expect(a[i]).toBeLessThan(a[i - 1]);
      expect(b[i]).toBeGreaterThan(b[i - 1]);
    }
  });

  it("makes stereo of a mono part, and refuses parts of different rates or none", () => {
    const joined = joinSongs([constant(0.5, 100, 1), constant(0.25, 100, 2)]);
    expect(joined.channels).toHaveLength(2);
    expect(joined.channels[1][0]).toBe(0.5);
    expect(() => joinSongs([constant(0, 10), { ...constant(0, 10), sampleRate: 2000 }])).toThrow(
      /sample rate/,
    );
    expect(() => joinSongs([])).toThrow(/at least one/);
  });

  it("overlaps a part shorter than the fade by its own length only", () => {
    const joined = joinSongs([constant(1, 100), constant(1, 10)]);
    expect(joined.channels[0].length).toBe(100);
  });
});

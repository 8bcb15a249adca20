// Edit mode's audio rules on known signals: a crop keeps exactly the frames asked for, the
// source's own samples away from the cuts; joins and cut edges are click-free; the fade-out
// follows the 2-exponent curve to silence and leaves the rest alone.
import { describe, expect, it } from "vitest";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import {
  cropRanges,
  EDIT_JOIN_SECONDS,
  fadeOutEnd,
  rangeFrames,
  spliceSegments,
} from "../../src/generator/tasks/edit-audio.ts";
import { fadeGain } from "../../src/shared/audio/fade-curve.ts";
import { sine } from "../sine.ts";

const RATE = 48_000;
const JOIN = Math.round(EDIT_JOIN_SECONDS * RATE);
/** A 440 Hz sine at 0.5: its largest step from one sample to the next. */
const SINE_STEP = 0.5 * 2 * Math.PI * (440 / RATE);

const song = (seconds: number): PcmAudio => {
  const left = sine(Math.round(seconds * RATE), 440, RATE, 0.5);
  return { sampleRate: RATE, channels: [left, left.map((x) => -x)] };
};

/** A crop of decoded audio: the kept ranges spliced. */
const cropAudio = (audio: PcmAudio, from: number, to: number, remove: boolean) =>
  spliceSegments(
    cropRanges(audio.channels[0].length, from, to, remove).map((range) => ({ audio, ...range })),
  );

/** The largest change between neighbouring samples over [from, to): a click is a step far above the signal's own. */
function largestStep(x: Float32Array, from = 1, to = x.length): number {
  let step = 0;
  for (let n = Math.max(1, from); n < to; n++) step = Math.max(step, Math.abs(x[n] - x[n - 1]));
  return step;
}

describe("crop", () => {
  it("keeps exactly the frames of the range, each the source's own away from the declicked edges", () => {
    const source = song(2);
    const { from, to } = rangeFrames(source.channels[0].length, RATE, 0.4123, 1.5077);
    const kept = cropAudio(source, from, to, false);
    expect(kept.channels[0].length).toBe(to - from);
    expect(to - from).toBe(Math.round(1.5077 * RATE) - Math.round(0.4123 * RATE));
    for (const c of [0, 1]) {
      expect(kept.channels[c].subarray(JOIN, to - from - JOIN)).toEqual(
        source.channels[c].subarray(from + JOIN, to - JOIN),
      );
    }
    // Cut into sound, the edges ramp from and to silence instead of stepping.
    expect(Math.abs(kept.channels[0][0])).toBeLessThan(SINE_STEP);
    expect(Math.abs(kept.channels[0][to - from - 1])).toBeLessThan(SINE_STEP);
  });

  it("removes the range with a crossfaded join: the length is the rest, no click at the join", () => {
    const source = song(2);
    const { from, to } = rangeFrames(source.channels[0].length, RATE, 0.5031, 1.2519);
    const cut = cropAudio(source, from, to, true);
    const length = source.channels[0].length - (to - from);
    expect(cut.channels[0].length).toBe(length);
    const half = JOIN >> 1;
    expect(cut.channels[0].subarray(0, from - half)).toEqual(source.channels[0].subarray(0, from - half));
    expect(cut.channels[0].subarray(from + half)).toEqual(source.channels[0].subarray(to + half));
    // A plain cut at these points steps by far more than the sine ever does.
    const hard = Math.abs(source.channels[0][to] - source.channels[0][from - 1]);
    expect(hard).toBeGreaterThan(4 * SINE_STEP);
    expect(largestStep(cut.channels[0], from - half, from + half + 1)).toBeLessThan(1.5 * SINE_STEP);
  });

  it("keeps the level of steady material across a join (no dip, no bump)", () => {
    const level = 0.25;
    const flat: PcmAudio = { sampleRate: RATE, channels: [new Float32Array(RATE).fill(level)] };
    const joined = spliceSegments([
      { audio: flat, from: 0, to: 20_000 },
      { audio: flat, from: 30_000, to: RATE },
    ]);
    for (const x of joined.channels[0]) expect(x).toBeCloseTo(level, 5);
  });
});

describe("fade-out", () => {
  it("follows the 2-exponent curve over the last seconds, to silence, and leaves the rest untouched", () => {
    const ones: PcmAudio = { sampleRate: RATE, channels: [new Float32Array(3 * RATE).fill(1)] };
    const faded = fadeOutEnd(ones, 1).channels[0];
    expect(faded.subarray(0, 2 * RATE).every((x) => x === 1)).toBe(true);
    expect(faded[2 * RATE + RATE / 2]).toBeCloseTo(fadeGain(0.5), 3);
    expect(faded[2 * RATE + RATE / 4]).toBeCloseTo(fadeGain(0.75), 3);
    expect(faded[3 * RATE - 1]).toBeLessThan(1e-6);
    for (let n = 2 * RATE + 1; n < 3 * RATE; n++) expect(faded[n]).toBeLessThanOrEqual(faded[n - 1]);
    // The source is not changed.
    expect(ones.channels[0].every((x) => x === 1)).toBe(true);
  });
});

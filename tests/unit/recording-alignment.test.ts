import { describe, expect, it } from "vitest";
import {
  findOnset,
  heardTimelineFrame,
  placeTake,
  reportedRoundTripFrames,
  roundTripFrames,
} from "../../src/engine/recording/alignment.ts";

describe("finding a click's onset", () => {
  it("finds the first sample near the click's peak level, ignoring quieter noise before it", () => {
    const samples = new Float32Array(1000);
    for (let i = 0; i < 1000; i++) samples[i] = 0.004 * Math.sin(i);
    for (let i = 0; i < 48; i++) samples[600 + i] = 0.8 * (1 - i / 48) * Math.sin((2 * Math.PI * i) / 48);
    const onset = findOnset(samples);
    expect(onset).not.toBeNull();
    // 0.3 of the peak is reached within the first 2 samples of the click's rise.
    expect(onset).toBeGreaterThanOrEqual(600);
    expect(onset).toBeLessThanOrEqual(603);
    expect(findOnset(samples, 700)).toBeNull();
  });

  it("hears nothing in silence or faint noise", () => {
    expect(findOnset(new Float32Array(100))).toBeNull();
    expect(findOnset(new Float32Array(100).fill(0.005))).toBeNull();
  });
});

describe("latency compensation arithmetic", () => {
  it("measures the round trip from the click's frame to its echo's", () => {
    expect(roundTripFrames(48_000, 50_400)).toBe(2400);
  });

  it("puts a sample back at the timeline frame it was played against", () => {
    // The transport heard timeline frame 96_000 at context frame 10_000: offset 86_000. The input
    // came back 2400 frames later, so a click played at timeline 96_000 is recorded at 12_400.
    expect(heardTimelineFrame(12_400, 86_000, 2400)).toBe(96_000);
  });

  it("places a take at its compensated start, dropping what would lie before the timeline's start", () => {
    expect(placeTake(12_400, 86_000, 2400)).toEqual({ skip: 0, startFrame: 96_000 });
    expect(placeTake(1000, 0, 2400)).toEqual({ skip: 1400, startFrame: 0 });
  });

  it("estimates a round trip from the browser's reported latencies", () => {
    expect(reportedRoundTripFrames(48_000, { base: 0.01, output: 0.02, input: 0.005 })).toBe(1680);
  });
});

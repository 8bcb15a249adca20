// The beat analysis against dspbench's yardstick (beats.py, ported): its drums-only and full-mix
// tracks at 120 BPM and its 100 -> 140 BPM ramp, synthesized as synth.py makes them, with their
// exact beat and downbeat times. The same music at other tempos, and started mid-bar, checks that
// neither the tempo prior nor the clip start is doing the work.

import { describe, expect, it } from "vitest";
import { analyzeBeats } from "../../src/engine/beats/index.ts";
import { type BeatsResult, beatsResultSchema } from "../../src/shared/beats/beats-result.ts";
import { downbeatTimes } from "../beat-scores.ts";
import { newDsp } from "../dsp-wasm.ts";
import { type BeatSignal, fmeasure, scoreBeats } from "../dspbench/beats-metrics.ts";
import { constTempo, render, SR, signal, truth } from "../dspbench/signals.ts";

const dsp = newDsp();

function analyse(channels: Float32Array[]): BeatsResult {
  return beatsResultSchema.parse(analyzeBeats(dsp, { sampleRate: SR, channels }));
}

describe("beats on dspbench's tracks", () => {
  it.each<{ name: BeatSignal; bpm: number | null }>([
    { name: "drums120", bpm: 120 },
    { name: "music", bpm: 120 },
    { name: "ramp", bpm: null },
  ])("$name: beat F >= 0.97, downbeat F >= 0.9, steady tempo within 0.5 percent", ({ name, bpm }) => {
    const result = analyse(signal(name));
    const scores = scoreBeats(name, result.beats, downbeatTimes(result));
    expect(scores.beatF).toBeGreaterThanOrEqual(0.97);
    expect(scores.downbeatF).toBeGreaterThanOrEqual(0.9);
    if (bpm !== null) expect(Math.abs((result.bpm ?? 0) / bpm - 1)).toBeLessThan(0.005);
    // Beat by beat, the intervals follow the truth's, the ramp's included (essentia: 0.15 / 0.79 %).
    expect(scores.tempoErrPct).toBeLessThan(0.5);
  });

  it("ramp: the average tempo is the ramp's time average, 120 BPM", () => {
    const result = analyse(signal("ramp"));
    expect(result.bpm).toBeGreaterThan(118.8);
    expect(result.bpm).toBeLessThan(121.2);
    // The first and last bars' intervals show the 100 and 140 BPM ends.
    const ibi = (i: number) => result.beats[i + 1] - result.beats[i];
    expect(60 / ibi(0)).toBeCloseTo(100, -1);
    expect(60 / ibi(result.beats.length - 2)).toBeCloseTo(140, -1);
  });
});

describe("downbeats from the music, not from where the clip starts", () => {
  it.each([0.5, 1, 1.5])(
    "music cut %s s into its first bar still counts bars from its chord changes",
    (cut) => {
      const skip = Math.round(cut * SR);
      const result = analyse(signal("music").map((channel) => channel.subarray(skip)));
      const shifted = (times: readonly number[]) => times.map((t) => t - cut).filter((t) => t >= 0);
      const { beats, downbeats } = truth().music;
      expect(fmeasure(shifted(beats), result.beats)).toBeGreaterThanOrEqual(0.97);
      expect(fmeasure(shifted(downbeats), downbeatTimes(result))).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe("the same music at other tempos", () => {
  it.each([75, 145])("%s BPM: beats, downbeats and tempo", (bpm) => {
    const bars = Math.ceil((30 * bpm) / 240);
    const result = analyse(render(constTempo(bpm), 30, { nbars: bars }));
    const beats = Array.from({ length: 4 * bars }, (_, k) => (60 * k) / bpm).filter((t) => t < 29.9);
    expect(fmeasure(beats, result.beats)).toBeGreaterThanOrEqual(0.97);
    expect(
      fmeasure(
        beats.filter((_, i) => i % 4 === 0),
        downbeatTimes(result),
      ),
    ).toBeGreaterThanOrEqual(0.9);
    expect(Math.abs((result.bpm ?? 0) / bpm - 1)).toBeLessThan(0.005);
  });
});

// The metrical level on pieces whose envelope or bass repeats as well at twice the beat a listener
// taps, made the way real recordings and generated songs fooled the tracker (tests/beat-folk.ts),
// with exact truth.

import { describe, expect, it } from "vitest";
import { FEATURE, type FeatureFrames } from "../../src/engine/beats/features.ts";
import { tempoLevels } from "../../src/engine/beats/level.ts";
import { eighthBassPop, oomPah } from "../beat-folk.ts";
import { analysePiece, truthBpm } from "../beat-scores.ts";
import { newDsp } from "../dsp-wasm.ts";
import { fmeasure } from "../dspbench/beats-metrics.ts";

const dsp = newDsp();

describe("the tapped level where the band fills every half beat", () => {
  it("a two-step folk dance at 74 BPM, the bass on the beats and strums between: tapped at 74, not 148", () => {
    const piece = oomPah();
    const result = analysePiece(dsp, piece);
    expect((result.bpm ?? 0) / truthBpm(piece.beats)).toBeCloseTo(1, 1);
    expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.95);
    const [first, second] = result.tempo_candidates ?? [];
    expect(first.bpm / truthBpm(piece.beats)).toBeCloseTo(1, 1);
    expect(second.bpm / truthBpm(piece.beats)).toBeCloseTo(2, 1);
  });

  it("pop at 100 BPM with the bass on every eighth: tapped at 100, its beats found", () => {
    const piece = eighthBassPop();
    const result = analysePiece(dsp, piece);
    expect((result.bpm ?? 0) / truthBpm(piece.beats)).toBeCloseTo(1, 2);
    expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.95);
  });

  it("the bass's vote never speeds a tempo up: eighth-note bass under a 100 BPM groove tracked at 200", () => {
    // Frames at 100 per second: a beat every 60 frames, the bass and the onsets on every eighth
    // (30 frames), the beats louder, a snare on 2 and 4.
    const frameRate = 100;
    const count = 800;
    const stride = 16;
    const data = new Float32Array(count * stride);
    for (let t = 0; t < count; t += 30) {
      data[t * stride + FEATURE.onset] = t % 60 === 0 ? 1 : 0.6;
      data[t * stride + FEATURE.low] = 1;
      if (t % 120 === 60) data[t * stride + FEATURE.high] = 1;
    }
    const features: FeatureFrames = { frameRate, stride, edgeFrames: 0, count, data };
    const onset = Float32Array.from({ length: count }, (_, t) => data[t * stride + FEATURE.onset]);
    expect(tempoLevels(features, onset, 200)[0].bpm).toBe(100);
    expect(tempoLevels(features, onset, 100)[0].bpm).toBe(100);
  });
});

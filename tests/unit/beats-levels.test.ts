// The metrical level on pieces whose envelope repeats as well at twice the beat a listener taps,
// made the way real recordings fooled the tracker (tests/beat-folk.ts), with exact truth.

import { describe, expect, it } from "vitest";
import { oomPah } from "../beat-folk.ts";
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
});

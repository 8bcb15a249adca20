// The beat tracker on synthetic music made to fool it the ways real recordings did, each piece
// with exact truth: the level a listener taps, phase after a break, swing, waltz and 6/8 bars, a
// soft rubato pulse, and clips with no pulse at all.

import { describe, expect, it } from "vitest";
import { analyzeBeats } from "../../src/engine/beats/index.ts";
import { tapPrior } from "../../src/engine/beats/level.ts";
import { type BeatsResult, beatsResultSchema } from "../../src/shared/beats/beats-result.ts";
import type { Piece } from "../beat-music.ts";
import { disco, slowBackbeat, softPulse, swing } from "../beat-pieces.ts";
import { newDsp } from "../dsp-wasm.ts";
import { fmeasure } from "../dspbench/beats-metrics.ts";

const dsp = newDsp();

function analyse(piece: Piece): BeatsResult {
  return beatsResultSchema.parse(analyzeBeats(dsp, piece));
}

const truthBpm = (beats: readonly number[]) =>
  (60 * (beats.length - 1)) / (beats[beats.length - 1] - beats[0]);

describe("the metrical level a listener taps", () => {
  it.each([
    { name: "swing at 150-158 BPM (hi-hat on 2 and 4)", make: swing },
    { name: "soft rubato pulse around 84 BPM", make: softPulse },
    { name: "slow backbeat ballad at 68 BPM (eighth-note hats)", make: slowBackbeat },
    { name: "disco at 124 BPM (off-beat hats)", make: disco },
  ])("$name: beats at the tapped level, F >= 0.95, the level the most confident candidate", ({ make }) => {
    const piece = make();
    const result = analyse(piece);
    expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.95);
    const bpm = truthBpm(piece.beats);
    expect(Math.abs((result.bpm ?? 0) / bpm - 1)).toBeLessThan(0.02);
    const candidates = result.tempo_candidates ?? [];
    expect(Math.abs(candidates[0].bpm / bpm - 1)).toBeLessThan(0.04);
    // Half and double are reported too, less confident; the confidences add up to 1.
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    expect(candidates.slice(1).every((c) => c.confidence <= candidates[0].confidence)).toBe(true);
    expect(candidates.reduce((sum, c) => sum + c.confidence, 0)).toBeCloseTo(1, 2);
  });
});

describe("the listeners' tempo prior", () => {
  it("is flat from 80 to 160 BPM and falls off an octave outside", () => {
    expect(tapPrior(80)).toBe(1);
    expect(tapPrior(120)).toBe(1);
    expect(tapPrior(160)).toBe(1);
    expect(tapPrior(60)).toBeLessThan(0.7);
    expect(tapPrior(40)).toBeLessThan(0.05);
    expect(tapPrior(320)).toBeCloseTo(tapPrior(40), 9);
  });
});

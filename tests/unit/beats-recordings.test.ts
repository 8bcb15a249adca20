// The beat tracker on pieces played as recordings are (tests/beat-recordings.ts): loose timing,
// drifting and breathing tempo, a room's reverberation and a noise floor, and the grooves that
// fooled it on real recordings, each with exact truth.

import { describe, expect, it } from "vitest";
import { analyzeBeats } from "../../src/engine/beats/index.ts";
import type { BeatsResult } from "../../src/shared/beats/beats-result.ts";
import { anticipatedWaltz, countryWaltz, jazzWaltz, jig, minuet, pianoWaltz } from "../beat-bars.ts";
import { MUSIC_RATE, type Piece } from "../beat-music.ts";
import { chimes, swellingPad, talk } from "../beat-no-pulse.ts";
import { fourBarBreak, halfTimeSection, jazzTrio, strings, syncopatedFunk } from "../beat-recordings.ts";
import { analysePiece, downbeatTimes, truthBpm } from "../beat-scores.ts";
import { newDsp } from "../dsp-wasm.ts";
import { fmeasure } from "../dspbench/beats-metrics.ts";

const dsp = newDsp();

const analyse = (piece: Piece) => analysePiece(dsp, piece);

/** Beat F, downbeat F and the tempo's ratio to the truth's, as the real-recordings bench scores them. */
function scores(piece: Piece, result: BeatsResult) {
  return {
    beatF: fmeasure(piece.beats, result.beats),
    downbeatF: fmeasure(piece.downbeats, downbeatTimes(result)),
    tempoRatio: (result.bpm ?? 0) / truthBpm(piece.beats),
  };
}

describe("a soft pulse with no percussion gets beats", () => {
  it("strings played legato with slow attacks and a rubato of +-8% in a reverberant room", () => {
    const piece = strings();
    const result = analyse(piece);
    expect(result.no_beats_reason).toBeUndefined();
    const { beatF, tempoRatio } = scores(piece, result);
    expect(beatF).toBeGreaterThanOrEqual(0.9);
    expect(Math.abs(tempoRatio - 1)).toBeLessThan(0.03);
  });

  it("a minuet for strings: beats, and bars of three", () => {
    const piece = minuet();
    const result = analyse(piece);
    const { beatF, downbeatF } = scores(piece, result);
    expect(beatF).toBeGreaterThanOrEqual(0.95);
    expect(result.meter).toBe("3/4");
    expect(downbeatF).toBeGreaterThanOrEqual(0.9);
  });
});

describe('"no pulse" where there is none, in a room', () => {
  it.each([
    { name: "a pad swelling and fading at irregular times", make: swellingPad },
    { name: "someone talking at about five syllables a second", make: talk },
    { name: "wind chimes struck at random", make: chimes },
  ])("$name", ({ make }) => {
    const result = analyzeBeats(dsp, { channels: [make()], sampleRate: MUSIC_RATE });
    expect(result.no_beats_reason).toBe("no_pulse");
    expect(result.beats).toEqual([]);
  });
});

describe("drums that hold: syncopation, a half-time section, a break, drift", () => {
  it.each([
    { name: "syncopated funk with ghost notes at 98 BPM, drifting up", make: syncopatedFunk },
    { name: "rock at 132 BPM with eight bars of half-time feel", make: halfTimeSection },
    { name: "a four-bar break (a pad alone) and a return 3% faster", make: fourBarBreak },
  ])("$name: beat F >= 0.95 at the tapped level, downbeat F >= 0.9", ({ make }) => {
    const piece = make();
    const { beatF, downbeatF, tempoRatio } = scores(piece, analyse(piece));
    expect(beatF).toBeGreaterThanOrEqual(0.95);
    expect(downbeatF).toBeGreaterThanOrEqual(0.9);
    expect(Math.abs(tempoRatio - 1)).toBeLessThan(0.03);
  });
});

describe("bars of three", () => {
  it.each([
    { name: "a jazz waltz at 138 BPM", make: jazzWaltz },
    { name: "a country waltz whose harmony changes every two bars", make: countryWaltz },
    { name: "a slow piano waltz with a melody in eighths and rubato", make: pianoWaltz },
    { name: "a 3/4 ballad whose chords come in on the 'and' of 3, before the bar", make: anticipatedWaltz },
  ])("$name: 3/4, downbeat F >= 0.9", ({ make }) => {
    const piece = make();
    const result = analyse(piece);
    const { beatF, downbeatF } = scores(piece, result);
    expect(beatF).toBeGreaterThanOrEqual(0.95);
    expect(result.meter).toBe("3/4");
    expect(downbeatF).toBeGreaterThanOrEqual(0.9);
  });
});

describe("compound time", () => {
  it("a jig at 104 dotted beats a minute, a melody on every eighth: 6/8, bars of two dotted beats", () => {
    const piece = jig();
    const result = analyse(piece);
    const { beatF, downbeatF, tempoRatio } = scores(piece, result);
    expect(beatF).toBeGreaterThanOrEqual(0.95);
    expect(Math.abs(tempoRatio - 1)).toBeLessThan(0.03);
    expect(result.meter).toBe("6/8");
    expect(downbeatF).toBeGreaterThanOrEqual(0.9);
  });
});

describe("swing", () => {
  it("a jazz trio at 116 BPM wandering +-3%, comping on the swung off-beats: beats, and bars from the hi-hat on 2 and 4", () => {
    const piece = jazzTrio();
    const result = analyse(piece);
    const { beatF, downbeatF, tempoRatio } = scores(piece, result);
    expect(beatF).toBeGreaterThanOrEqual(0.95);
    expect(Math.abs(tempoRatio - 1)).toBeLessThan(0.03);
    expect(result.meter).toBe("4/4");
    expect(downbeatF).toBeGreaterThanOrEqual(0.9);
  });
});

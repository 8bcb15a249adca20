// The beat tracker on synthetic music made to fool it the ways real recordings did, each piece
// with exact truth: the level a listener taps, phase after a break, swing, waltz and 6/8 bars, a
// soft rubato pulse, and clips with no pulse at all.

import { describe, expect, it } from "vitest";
import { analyzeBeats } from "../../src/engine/beats/index.ts";
import { tapPrior } from "../../src/engine/beats/level.ts";
import { chooseMeter, foldContrast } from "../../src/engine/beats/meter.ts";
import { beatsResultSchema } from "../../src/shared/beats/beats-result.ts";
import { drumPattern } from "../beat-audio.ts";
import { MUSIC_RATE, type Piece } from "../beat-music.ts";
import {
  breakAndShift,
  compound,
  disco,
  pad,
  pushedSection,
  rubato,
  slowBackbeat,
  softPulse,
  speechLike,
  swing,
  waltz,
} from "../beat-pieces.ts";
import { analysePiece, downbeatTimes, truthBpm } from "../beat-scores.ts";
import { newDsp } from "../dsp-wasm.ts";
import { fmeasure } from "../dspbench/beats-metrics.ts";

const dsp = newDsp();

const analyse = (piece: Piece) => analysePiece(dsp, piece);

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

describe("meter and downbeats", () => {
  it.each([
    { name: "a waltz (oom-pah-pah) at 150 BPM", make: waltz, meter: "3/4", count: 3 },
    { name: "a 6/8 groove of two dotted beats at 66", make: compound, meter: "6/8", count: 2 },
    { name: "a 4/4 ballad", make: slowBackbeat, meter: "4/4", count: 4 },
  ] as const)(
    "$name: the meter, bars counted 1..$count in order, downbeat F >= 0.9",
    ({ make, meter, count }) => {
      const piece = make();
      const result = analyse(piece);
      expect(result.meter).toBe(meter);
      expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.95);
      expect(fmeasure(piece.downbeats, downbeatTimes(result))).toBeGreaterThanOrEqual(0.9);
      expect(Math.max(...result.downbeats.map(([, n]) => n))).toBe(count);
      const steps = result.downbeats
        .slice(1)
        .filter(([, n], i) => n !== (result.downbeats[i][1] % count) + 1);
      expect(steps.length).toBeLessThanOrEqual(1);
    },
  );
});

describe("a plain 4/4 drum loop (kick 1 and 3, snare 2 and 4, no subdivisions)", () => {
  it("stays 4/4: neither a bar of two nor compound time", () => {
    const loop = drumPattern(MUSIC_RATE, 120, 24);
    const result = beatsResultSchema.parse(analyzeBeats(dsp, loop));
    expect(result.meter).toBe("4/4");
    expect(downbeatTimes(result).length).toBe(loop.downbeats.length);
  });
});

describe("choosing the meter from downbeat evidence", () => {
  const accents = (pattern: readonly number[], bars: number) =>
    Array.from({ length: pattern.length * bars }, (_, i) => pattern[i % pattern.length]);

  const flat = accents([0], 32);

  it("hears bars of three, of four with a half-bar accent, and of two dotted beats", () => {
    expect(chooseMeter(accents([2, 0, 0], 8), accents([2, 0, 0], 8), false)).toBe("3/4");
    expect(chooseMeter(accents([2, 0, 1, 0], 8), accents([2, 0, 0, 0], 8), false)).toBe("4/4");
    expect(chooseMeter(accents([2, 0], 16), flat, true)).toBe("6/8");
  });

  it("takes a bar of two only when the harmony changes every two beats", () => {
    expect(chooseMeter(accents([2, 0], 16), accents([2, 0], 16), false)).toBe("2/4");
    // A kick on 1 and 3 over a drum loop's flat harmony: 4/4.
    expect(chooseMeter(accents([2, 0], 16), flat, false)).toBe("4/4");
    expect(chooseMeter(accents([2, 0], 16), accents([2, 0, 0, 0], 8), false)).toBe("4/4");
  });

  it("keeps 4/4 when the evidence is flat or too short to tell", () => {
    expect(chooseMeter(flat, flat, false)).toBe("4/4");
    expect(chooseMeter(accents([2, 0, 0], 2), accents([2, 0, 0], 2), false)).toBe("4/4");
  });

  it("folds evidence into the bar's positions", () => {
    expect(foldContrast([3, 0, 0, 3, 0, 0], 3)).toBe(3);
    expect(foldContrast([3, 0, 0, 3, 0, 0], 2)).toBeCloseTo(0, 9);
  });
});

describe('"no pulse" only when there is none', () => {
  it.each([
    { name: "a sustained pad", make: pad },
    { name: "speech-like syllables", make: speechLike },
  ])("$name: no beats, reason no_pulse", ({ make }) => {
    const result = analyse({
      channels: [make()],
      sampleRate: MUSIC_RATE,
      beats: [],
      downbeats: [],
      beatsPerBar: 4,
    });
    expect(result.no_beats_reason).toBe("no_pulse");
    expect(result.beats).toEqual([]);
  });

  it("a soft rubato pulse at -30 dBFS gets beats that follow it", () => {
    const piece = softPulse();
    const result = analyse(piece);
    expect(result.no_beats_reason).toBeUndefined();
    expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.95);
  });
});

describe("phase: held through pushes and breaks, following rubato and swing", () => {
  it.each([
    { name: "six bars of pushes on the off-beats at 150 BPM", make: pushedSection },
    { name: "a three-bar break and a return 6% slower", make: breakAndShift },
    { name: "a piano's rubato of +-10% every two bars", make: rubato },
    { name: "swing drifting from 150 to 158 BPM", make: swing },
  ])("$name: every beat found (F >= 0.97), none drifting past 70 ms", ({ make }) => {
    const piece = make();
    const result = analyse(piece);
    expect(fmeasure(piece.beats, result.beats)).toBeGreaterThanOrEqual(0.97);
    const inside = piece.beats.filter(
      (t) => t > result.beats[0] && t < result.beats[result.beats.length - 1],
    );
    const worst = Math.max(...inside.map((t) => Math.min(...result.beats.map((e) => Math.abs(e - t)))));
    expect(worst).toBeLessThan(0.07);
  });
});

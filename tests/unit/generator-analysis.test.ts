import { Chord, Note } from "tonal";
import { describe, expect, it } from "vitest";
import { metricalTempo } from "../../src/engine/beats/tempo.ts";
import { analyseSource, barPhase, steadyBpm } from "../../src/generator/analysis/analyse-source.ts";
import { bandProfile, chromaFrames } from "../../src/generator/analysis/chroma.ts";
import { estimateKey, estimateSongKey } from "../../src/generator/analysis/key-estimate.ts";
import { drumPattern } from "../beat-audio.ts";
import { newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";

const RATE = 48000;
const dsp = newDsp();

type Audio = Parameters<typeof chromaFrames>[1];
/** The summed pitch classes of the register above the bass. */
const midProfile = (audio: Audio) => bandProfile(chromaFrames(dsp, audio).mid);

/** Harmonic tones (1/h partials, the first six) of the given MIDI notes, for `seconds` from `at`. */
function addNotes(out: Float32Array, midis: readonly number[], at: number, seconds: number): void {
  const start = Math.round(at * RATE);
  const length = Math.round(seconds * RATE);
  for (const midi of midis) {
    const f = 440 * 2 ** ((midi - 69) / 12);
    for (let h = 1; h <= 6 && h * f < RATE / 2; h++) {
      const w = (2 * Math.PI * f * h) / RATE;
      for (let i = 0; i < length; i++) {
        const envelope = Math.min(1, i / 480) * Math.exp(-i / length);
        out[start + i] += (0.05 / h) * envelope * Math.sin(w * i);
      }
    }
  }
}

/** A cadential progression (chords named by tonal) with the roots in the bass, one chord a second. */
function progression(chords: readonly string[]): Float32Array {
  const out = new Float32Array(chords.length * RATE);
  chords.forEach((name, i) => {
    const chord = Chord.get(name);
    const root = Note.midi(`${chord.tonic}3`) as number;
    const tones = chord.notes.map((note) => {
      const midi = Note.midi(`${note}4`) as number;
      return midi < 60 ? midi + 12 : midi;
    });
    addNotes(out, [root - 12, ...tones], i, 1);
  });
  return out;
}

const CASES = [
  { chords: ["C", "F", "G7", "C", "Am", "Dm", "G", "C"], tonic: "C", mode: "major" },
  { chords: ["Eb", "Ab", "Bb7", "Eb", "Cm", "Fm", "Bb", "Eb"], tonic: "Eb", mode: "major" },
  { chords: ["F#", "B", "C#7", "F#", "D#m", "G#m", "C#", "F#"], tonic: "F#", mode: "major" },
  { chords: ["Am", "Dm", "E7", "Am", "F", "Dm", "E", "Am"], tonic: "A", mode: "minor" },
  { chords: ["Em", "Am", "B7", "Em", "C", "Am", "B", "Em"], tonic: "E", mode: "minor" },
  { chords: ["Bbm", "Ebm", "F7", "Bbm", "Gb", "Ebm", "F", "Bbm"], tonic: "Bb", mode: "minor" },
] as const;

describe("the FFT export", () => {
  it("puts a cosine on bin k of a 1024-point transform at N/2, and nothing elsewhere", () => {
    const size = 1024;
    const k = 37;
    const fft = dsp.fftCreate(size);
    const re = dsp.alloc(size * 4);
    const im = dsp.alloc(size * 4);
    const input = new Float32Array(dsp.memory.buffer, re, size);
    for (let n = 0; n < size; n++) input[n] = Math.cos((2 * Math.PI * k * n) / size);
    new Float32Array(dsp.memory.buffer, im, size).fill(0);
    dsp.fftForward(fft, re, im);
    const outRe = new Float32Array(dsp.memory.buffer, re, size);
    const outIm = new Float32Array(dsp.memory.buffer, im, size);
    for (let bin = 0; bin < size; bin++) {
      const expected = bin === k || bin === size - k ? size / 2 : 0;
      expect(Math.abs(Math.hypot(outRe[bin], outIm[bin]) - expected)).toBeLessThan(1e-3);
    }
    dsp.fftDestroy(fft);
    dsp.free(re);
    dsp.free(im);
    expect(dsp.fftCreate(1000)).toBe(0);
  });
});

describe("key estimation", () => {
  it.each(CASES)("finds $tonic $mode in its cadences", ({ chords, tonic, mode }) => {
    const audio = { sampleRate: RATE, channels: [progression(chords)] };
    const key = estimateKey(midProfile(audio));
    expect(key?.mode).toBe(mode);
    expect(key?.tonicChroma).toBe(Note.chroma(tonic));
    expect(key?.correlation).toBeGreaterThan(0.6);
  });

  it("hears the tonic a song ends on where its whole profile reads the dominant", () => {
    // ii V iii vi ii V IV I: the profile alone weighs G and D (V) over C.
    const audio = { sampleRate: RATE, channels: [progression(["Dm", "G", "Em", "Am", "Dm", "G", "F", "C"])] };
    expect(estimateKey(midProfile(audio))).toMatchObject({ tonic: "G", mode: "major" });
    expect(estimateSongKey(chromaFrames(dsp, audio))).toMatchObject({ tonic: "C", mode: "major" });
  });

  it("puts a pure tone's energy on its own pitch class", () => {
    const out = new Float32Array(RATE * 2);
    // A2 (110 Hz): low notes must not smear onto their neighbours.
    const w = (2 * Math.PI * 110) / RATE;
    for (let i = 0; i < out.length; i++) out[i] = 0.5 * Math.sin(w * i);
    const profile = bandProfile(chromaFrames(dsp, { sampleRate: RATE, channels: [out] }).bass);
    const total = profile.reduce((a, b) => a + b, 0);
    expect(profile[9] / total).toBeGreaterThan(0.99);
  });

  it("reads no key in noise and none in silence", () => {
    const silence = { sampleRate: RATE, channels: [new Float32Array(RATE * 3)] };
    expect(estimateKey(midProfile(silence))).toBeNull();
    const noise = { sampleRate: RATE, channels: [whiteNoise(RATE * 3, 5)] };
    expect(analyseSource(dsp, noise).key).toBeNull();
  });
});

describe("source analysis", () => {
  it("finds the tempo and downbeats of a drum pattern and the key of chords over it", () => {
    const bpm = 112;
    const drums = drumPattern(RATE, bpm, 12);
    const chords = progression(["G", "C", "D7", "G", "Em", "Am", "D", "G", "G", "C", "D", "G"]);
    const mix = drums.channels[0].map((x, i) => x + chords[i]);
    const analysis = analyseSource(dsp, { sampleRate: RATE, channels: [mix, mix] });
    expect(analysis.bpm).toBeCloseTo(bpm, 0);
    expect(analysis.key).toEqual({ tonic: "G", mode: "major" });
    const firstBars = analysis.downbeats.filter(([, n]) => n === 1).map(([t]) => t);
    expect(firstBars.length).toBeGreaterThan(3);
    for (const t of firstBars) {
      const nearest = Math.min(...drums.downbeats.map((d) => Math.abs(d - t)));
      expect(nearest).toBeLessThan(0.03);
    }
  });
});

describe("bar phase", () => {
  it("follows the bar lines most beats agree on, past a few misplaced while the tracker locks on", () => {
    const bar = 2;
    const phase = 0.37;
    const beats: [number, number][] = [
      [0.05, 1],
      [0.5, 2],
      [1.2, 1],
      ...Array.from({ length: 10 }, (_, i): [number, number] => [
        phase + bar * (i + 1) + (i % 2 ? 0.004 : -0.004),
        1,
      ]),
    ];
    expect(barPhase({ downbeats: beats }, bar)).toBeCloseTo(phase, 3);
    // Bar lines straddling the bar's end (phase near 0) still average to one phase.
    const wrapped: [number, number][] = Array.from({ length: 6 }, (_, i) => [
      bar * (i + 1) + (i % 2 ? 0.01 : -0.01),
      1,
    ]);
    const found = barPhase({ downbeats: wrapped }, bar);
    expect(Math.min(found, bar - found)).toBeLessThan(0.011);
  });
});

const FRAME_RATE = 100;

/** An onset envelope at 100 frames a second: each part a bar of sixteenths ("x" a hit) and a level. */
function groove(bpm: number, parts: readonly (readonly [string, number])[], seconds: number): Float32Array {
  const out = new Float32Array(seconds * FRAME_RATE);
  const step = (60 * FRAME_RATE) / bpm / 4;
  for (let i = 0; Math.round(i * step) < out.length; i++) {
    for (const [pattern, level] of parts) if (pattern[i % 16] === "x") out[Math.round(i * step)] += level;
  }
  return out;
}

describe("tempo's metrical level", () => {
  const level = (envelope: Float32Array, tracked: number) => metricalTempo(envelope, FRAME_RATE, tracked);
  const SNARE = ["....x.......x...", 3] as const;
  const EIGHTHS = ["x.x.x.x.x.x.x.x.", 1] as const;

  it("takes a 3-3-2 groove's dotted quarter back to the beat", () => {
    const pop = groove(112, [["x.......x.x.....", 3], SNARE, EIGHTHS, ["x...x.x...x.x...", 2]], 40);
    expect(level(pop, (112 * 2) / 3)).toBeCloseTo(112, 6);
    expect(level(pop, 112)).toBe(112);
  });

  it("halves a slow groove read at double speed off its sixteenth hats", () => {
    const rnb = groove(76, [["x..x......x..x..", 3], SNARE, ["x.xxx.x.x.xxx.x.", 1]], 40);
    expect(level(rnb, 152)).toBe(76);
    expect(level(rnb, 76)).toBe(76);
  });

  it("keeps a straight groove's tempo", () => {
    const rock = groove(132, [["x.....x.x.......", 3], SNARE, EIGHTHS], 40);
    expect(level(rock, 132)).toBe(132);
  });

  it("measures the tempo over steady runs of beats, past a slipped beat and the frames' jitter", () => {
    const beats: number[] = [];
    for (let i = 0; i < 60; i++) beats.push(0.3 + 0.5 * i + 0.004 * Math.sin(i * 2.3));
    // Locking on: two beats off the grid; and an extra beat where the tracker slipped.
    beats[1] += 0.12;
    beats[2] -= 0.09;
    beats.splice(30, 0, beats[29] + 0.21);
    expect(Math.abs((steadyBpm(beats) ?? 0) - 120)).toBeLessThan(0.05);
  });
});

import { describe, expect, it } from "vitest";
import type { DspExports } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";
import { cents, measureF0, median, midiHz, rms } from "./generator-vocals-measure.ts";

const RATE = 48000;

/**
 * A glottal flow derivative (Rosenberg pulses) at f0 Hz: the buzz a voice's vowels are made of;
 * with `formants`, through two-pole resonators at those frequencies (100 Hz wide), like a vowel.
 */
function glottalTrain(f0: number, seconds: number, formants: readonly number[] = []): Float32Array {
  const frames = Math.round(seconds * RATE);
  const x = new Float32Array(frames);
  const period = RATE / f0;
  const open = 0.4 * period;
  const close = 0.16 * period;
  let previous = 0;
  for (let n = 0; n < frames; n++) {
    const t = n % period;
    let flow = 0;
    if (t < open) flow = 0.5 * (1 - Math.cos((Math.PI * t) / open));
    else if (t < open + close) flow = Math.cos((Math.PI * (t - open)) / (2 * close));
    x[n] = 4 * (flow - previous);
    previous = flow;
  }
  for (const hz of formants) {
    const r = Math.exp((-Math.PI * 100) / RATE);
    const a1 = 2 * r * Math.cos((2 * Math.PI * hz) / RATE);
    const a2 = -r * r;
    let y1 = 0;
    let y2 = 0;
    for (let n = 0; n < frames; n++) {
      const y = (1 - r) * x[n] + a1 * y1 + a2 * y2;
      y2 = y1;
      y1 = y;
      x[n] = y;
    }
  }
  return x;
}

interface Sung {
  readonly out: Float32Array;
  readonly period: number;
  readonly marks: number;
}

interface Expression {
  glide?: number;
  vibratoRate?: number;
  vibratoDepth?: number;
}

/** Sings the whole source (all of it vowel) over `seconds` on `notes` ([start s, end s, midi]). */
function sing(
  dsp: DspExports,
  source: Float32Array,
  seconds: number,
  notes: readonly (readonly [number, number, number])[],
  expression: Expression = {},
): Sung {
  const outFrames = Math.round(seconds * RATE);
  const voice = dsp.vocalCreate(RATE, source.length, outFrames, notes.length);
  expect(voice).not.toBe(0);
  try {
    dsp.vocalSetExpression(
      voice,
      expression.glide ?? 0.06,
      expression.vibratoRate ?? 5.5,
      expression.vibratoDepth ?? 0,
      0.3,
      0.2,
      0.6,
      0.01,
      0.03,
    );
    new Float32Array(dsp.memory.buffer, dsp.vocalSource(voice), source.length).set(source);
    const marks = dsp.vocalAnalyse(voice, source.length, 60, 400);
    const noteBytes = dsp.vocalNoteBytes();
    const fields = new Float64Array(dsp.memory.buffer, dsp.vocalNotes(voice), (notes.length * noteBytes) / 8);
    notes.forEach(([start, end, midi], i) => {
      fields.set([start * RATE, end * RATE, midi], (i * noteBytes) / 8);
    });
    const written = dsp.vocalRender(voice, notes.length, 0, 0, 0, source.length, source.length, outFrames, 1);
    expect(written).toBe(outFrames);
    const out = new Float32Array(dsp.memory.buffer, dsp.vocalOutput(voice), outFrames).slice();
    return { out, period: dsp.vocalSourcePeriod(voice), marks };
  } finally {
    dsp.vocalDestroy(voice);
  }
}

function midiOf(hz: number): number {
  return 69 + 12 * Math.log2(hz / 440);
}

/** f0 over 40 ms windows every 10 ms across [from, to) seconds. */
function f0Track(x: Float32Array, from: number, to: number, lo: number, hi: number): number[] {
  const track: number[] = [];
  for (let t = from; t + 0.04 <= to; t += 0.01)
    track.push(measureF0(x, RATE, Math.round(t * RATE), Math.round(0.04 * RATE), lo, hi));
  return track;
}

describe("PSOLA (dsp/vocal)", () => {
  const dsp = newDsp();

  it("finds the source's period and one mark per period", () => {
    const source = glottalTrain(120, 0.5);
    const { period, marks } = sing(dsp, source, 0.5, [[0, 0.5, 60]]);
    expect(Math.abs(period - RATE / 120)).toBeLessThan(0.05);
    expect(Math.abs(marks - 60)).toBeLessThanOrEqual(1);
  });

  it("shifts a 120 Hz glottal pulse train to 180 Hz within 1 cent", () => {
    const { out } = sing(dsp, glottalTrain(120, 1), 1, [[0, 1, midiOf(180)]]);
    const f0 = measureF0(out, RATE, Math.round(0.25 * RATE), Math.round(0.5 * RATE), 60, 400);
    expect(Math.abs(cents(f0, 180))).toBeLessThan(1);
  });

  it("shifts down (120 -> 90 Hz) and stretches a short vowel over a long note", () => {
    const { out } = sing(dsp, glottalTrain(120, 0.25), 1.5, [[0, 1.5, midiOf(90)]]);
    const f0 = measureF0(out, RATE, Math.round(0.4 * RATE), Math.round(0.5 * RATE), 60, 400);
    expect(Math.abs(cents(f0, 90))).toBeLessThan(1);
    // Voiced to the end of the note, bar the release.
    expect(rms(out, Math.round(1.4 * RATE), Math.round(1.46 * RATE))).toBeGreaterThan(
      0.3 * rms(out, RATE * 0.5, RATE),
    );
  });

  it("keeps the level of a vowel within 3 dB whatever the shift", () => {
    const source = glottalTrain(120, 1, [700, 1200]);
    for (const hz of [80, 120, 240, 400]) {
      const { out } = sing(dsp, source, 1, [[0, 1, midiOf(hz)]]);
      const ratio = rms(out, RATE * 0.2, RATE * 0.8) / rms(source, RATE * 0.2, RATE * 0.8);
      expect(Math.abs(20 * Math.log10(ratio)), `${hz} Hz`).toBeLessThan(3);
      expect(out.every(Number.isFinite)).toBe(true);
    }
  });

  it("sings each note of a phrase on its pitch, gliding between them", () => {
    const pitches = [57, 59, 60, 62, 64, 65, 67, 69];
    const notes = pitches.map((midi, i) => [i * 0.4, (i + 1) * 0.4, midi] as const);
    const { out } = sing(dsp, glottalTrain(120, 0.3), 3.2, notes, { glide: 0.06 });
    const errors = notes.map(([start, end, midi]) => {
      const f0 = measureF0(
        out,
        RATE,
        Math.round((start + 0.1) * RATE),
        Math.round((end - start - 0.15) * RATE),
        60,
        600,
      );
      return Math.abs(cents(f0, midiHz(midi)));
    });
    expect(median(errors)).toBeLessThan(1);
    expect(Math.max(...errors)).toBeLessThan(2);
    // Half way through a glide the pitch is between the two notes.
    const mid = measureF0(
      out,
      RATE,
      Math.round((0.4 + 0.03 - 0.01) * RATE),
      Math.round(0.02 * RATE),
      60,
      600,
    );
    expect(mid).toBeGreaterThan(midiHz(57) * 1.01);
    expect(mid).toBeLessThan(midiHz(59) * 0.99);
  });

  it("sings a vibrato at the set rate and depth, after its onset delay", () => {
    const hz = midiHz(60);
    const { out } = sing(dsp, glottalTrain(120, 0.3), 3, [[0, 3, 60]], {
      vibratoDepth: 25,
      vibratoRate: 5.5,
    });
    // Before the delay the note is steady: a vibrato there would read about 18 cents RMS.
    const early = f0Track(out, 0.05, 0.3, 150, 400).map((f) => cents(f, hz));
    expect(Math.sqrt(early.reduce((s, c) => s + c * c, 0) / early.length)).toBeLessThan(3);
    // After the ramp: a sinusoid in cents; its rate from the zero crossings, its depth from the RMS.
    const from = 0.6;
    const track = f0Track(out, from, 2.9, 150, 400).map((f) => cents(f, hz));
    let crossings: number[] = [];
    for (let i = 1; i < track.length; i++) {
      if (track[i - 1] < 0 && track[i] >= 0)
        crossings.push(i - 1 + -track[i - 1] / (track[i] - track[i - 1]));
    }
    crossings = crossings.map((c) => c * 0.01);
    const rate = (crossings.length - 1) / (crossings[crossings.length - 1] - crossings[0]);
    expect(Math.abs(rate - 5.5)).toBeLessThan(0.15);
    const depth = Math.SQRT2 * Math.sqrt(track.reduce((s, c) => s + c * c, 0) / track.length);
    // The 40 ms window averages the sinusoid a little (sinc(5.5 Hz * 40 ms) = 0.95).
    expect(depth).toBeGreaterThan(25 * 0.85);
    expect(depth).toBeLessThan(25 * 1.05);
  });

  it("refuses what it cannot sing", () => {
    const voice = dsp.vocalCreate(RATE, 1000, 1000, 1);
    try {
      expect(dsp.vocalAnalyse(voice, 1000, 60, 400)).toBe(0);
      expect(dsp.vocalRender(voice, 1, 0, 0, 0, 1000, 1000, 1000, 1)).toBe(0);
    } finally {
      dsp.vocalDestroy(voice);
    }
    expect(dsp.vocalCreate(1000, 1000, 1000, 1)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";

interface Reading {
  peakL: number;
  peakR: number;
  rmsL: number;
  rmsR: number;
}

type Signal = (frame: number) => number;

/** A meter fed from continuous left and right signals, a quantum (or `frames`) at a time. */
function meterFor(sampleRate: number) {
  const dsp = newDsp();
  const meter = dsp.meterCreate(sampleRate);
  const left = dsp.alloc(QUANTUM_FRAMES * 4);
  const right = dsp.alloc(QUANTUM_FRAMES * 4);
  const out = dsp.alloc(16);
  let position = 0;
  return {
    /** Measures `quanta` blocks and returns every reading. */
    feed(quanta: number, l: Signal, r: Signal = l, frames: number = QUANTUM_FRAMES): Reading[] {
      const readings: Reading[] = [];
      for (let q = 0; q < quanta; q++) {
        const viewL = new Float32Array(dsp.memory.buffer, left, frames);
        const viewR = new Float32Array(dsp.memory.buffer, right, frames);
        for (let i = 0; i < frames; i++) {
          viewL[i] = l(position + i);
          viewR[i] = r(position + i);
        }
        position += frames;
        dsp.meterMeasure(meter, left, right, frames);
        dsp.meterRead(meter, out);
        const [peakL, peakR, rmsL, rmsR] = new Float32Array(dsp.memory.buffer, out, 4);
        readings.push({ peakL, peakR, rmsL, rmsR });
      }
      return readings;
    },
    reset(): void {
      dsp.meterReset(meter);
    },
  };
}

const db = (ratio: number): number => Math.abs(20 * Math.log10(ratio));
const maxDb = (values: number[], expected: number): number =>
  Math.max(...values.map((v) => db(v / expected)));
const silence: Signal = () => 0;

/** Quanta in the RMS window: ceil(0.3 s * rate / 128). */
const windowQuanta = (sampleRate: number): number => Math.ceil((0.3 * sampleRate) / QUANTUM_FRAMES);

describe("level meter", () => {
  it.each([
    [48_000, 1_000, 0.5],
    [44_100, 440, 0.9],
    [96_000, 97.3, 0.01],
  ])("reads a sine at %i Hz (f = %d, amplitude %d): peak A and RMS A/sqrt 2", (sampleRate, frequency, a) => {
    const meter = meterFor(sampleRate);
    const sine: Signal = (n) => a * Math.sin((2 * Math.PI * frequency * n) / sampleRate);
    const readings = meter.feed(3 * windowQuanta(sampleRate), sine).slice(windowQuanta(sampleRate));
    // A quantum catches a sample within pi f / rate of the crest unless it holds under a cycle (97.3 Hz at 96 kHz).
    const cycles = (QUANTUM_FRAMES * frequency) / sampleRate;
    if (cycles >= 1)
      expect(
        maxDb(
          readings.flatMap((r) => [r.peakL, r.peakR]),
          a,
        ),
      ).toBeLessThan(0.02);
    for (const r of readings) expect(r.peakL).toBeLessThanOrEqual(Math.fround(a));
    // A window of N frames that is not a whole number of cycles moves the mean of sin^2 by at most
    // 1 / (2 N sin w) (w radians per frame): 0.002 dB, 0.005 dB and 0.047 dB here.
    const frames = windowQuanta(sampleRate) * QUANTUM_FRAMES;
    const bound = 10 * Math.log10(1 + 1 / (frames * Math.sin((2 * Math.PI * frequency) / sampleRate)));
    expect(bound).toBeLessThan(0.05);
    expect(
      maxDb(
        readings.flatMap((r) => [r.rmsL, r.rmsR]),
        a / Math.SQRT2,
      ),
    ).toBeLessThan(bound);
  });

  it("reads a square wave's peak and RMS as its amplitude", () => {
    const meter = meterFor(48_000);
    const square: Signal = (n) => (n % 100 < 50 ? 0.7 : -0.7);
    const readings = meter.feed(2 * windowQuanta(48_000), square);
    // The RMS is exact from the first quantum: it averages over the frames seen so far.
    expect(
      maxDb(
        readings.flatMap((r) => [r.peakL, r.rmsL, r.peakR, r.rmsR]),
        0.7,
      ),
    ).toBeLessThan(1e-5);
  });

  it("keeps the channels apart and writes peak L, peak R, RMS L, RMS R", () => {
    const meter = meterFor(48_000);
    const [last] = meter.feed(
      1,
      () => 0.25,
      () => -0.5,
    );
    expect(last).toEqual({ peakL: 0.25, peakR: 0.5, rmsL: 0.25, rmsR: 0.5 });
  });

  it.each([48_000, 44_100])("drains to exactly 0 once %i Hz's window holds only silence", (sampleRate) => {
    const meter = meterFor(sampleRate);
    const quanta = windowQuanta(sampleRate);
    meter.feed(quanta, (n) => (n % 2 ? 0.5 : -0.5));
    const after = meter.feed(quanta, silence);
    expect(after[0].peakL).toBe(0);
    // 113 quanta (301.3 ms) at 48 kHz, 104 (301.9 ms) at 44.1 kHz: the last quantum of signal leaves on the next.
    expect(after[quanta - 2].rmsL).toBeGreaterThan(0);
    expect(after[quanta - 1].rmsL).toBe(0);
    expect(after[quanta - 1].rmsR).toBe(0);
  });

  it("windows by quanta whatever their length, averaging over the frames they held", () => {
    const meter = meterFor(48_000);
    const quanta = windowQuanta(48_000);
    meter.feed(
      quanta,
      () => 1,
      () => 1,
      32,
    );
    // Half the window's slots now hold 32 frames of 1, the other half 128 frames of 0.
    const readings = meter.feed(Math.floor(quanta / 2), silence);
    const slotsOfOnes = quanta - Math.floor(quanta / 2);
    const expected = Math.sqrt((slotsOfOnes * 32) / (slotsOfOnes * 32 + Math.floor(quanta / 2) * 128));
    expect(db(readings[readings.length - 1].rmsL / expected)).toBeLessThan(1e-5);
  });

  it("counts NaN and infinite samples as silence, so they never poison the reading", () => {
    const meter = meterFor(48_000);
    const poisoned: Signal = (n) =>
      [0.5, Number.NaN, -0.5, Infinity, 0.5, -Infinity, -0.5, Number.NaN][n % 8];
    const readings = meter.feed(20, poisoned, () => Number.NaN);
    for (const r of readings) {
      expect(r.peakL).toBe(0.5);
      expect(r.peakR).toBe(0);
      expect(r.rmsR).toBe(0);
      // Half the samples are +-0.5 and the rest count as 0.
      expect(db(r.rmsL / Math.sqrt(0.5 * 0.25))).toBeLessThan(1e-5);
    }
    const [clean] = meter.feed(1, () => 0.1);
    expect(Number.isFinite(clean.rmsL)).toBe(true);
    expect(clean.peakL).toBe(Math.fround(0.1));
  });

  it("reads 0 after a reset and starts its window afresh", () => {
    const meter = meterFor(48_000);
    meter.feed(50, () => 0.8);
    meter.reset();
    const [first] = meter.feed(1, () => 0.2);
    expect(first.peakL).toBe(Math.fround(0.2));
    expect(db(first.rmsL / 0.2)).toBeLessThan(1e-5);
  });
});

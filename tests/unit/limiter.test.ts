import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";

// Block sizes cycled through, so quanta shorter than 128 frames are exercised too.
const BLOCKS = [QUANTUM_FRAMES, QUANTUM_FRAMES, 37, QUANTUM_FRAMES, 1, 90];

interface Limited {
  left: Float32Array;
  right: Float32Array;
  latency: number;
}

/** Runs the signal and then `latency` frames of silence through a fresh limiter, so all of it comes out. */
function limit(sampleRate: number, left: Float32Array, right: Float32Array, ceilingDb?: number): Limited {
  const dsp = newDsp();
  const limiter = dsp.limiterCreate(sampleRate);
  if (ceilingDb !== undefined) dsp.limiterSetCeilingDb(limiter, ceilingDb);
  const latency = dsp.limiterLatencyFrames(limiter);
  const bufferL = dsp.alloc(QUANTUM_FRAMES * 4);
  const bufferR = dsp.alloc(QUANTUM_FRAMES * 4);
  const total = left.length + latency;
  const out = { left: new Float32Array(total), right: new Float32Array(total), latency };
  for (let start = 0, b = 0; start < total; b++) {
    const frames = Math.min(BLOCKS[b % BLOCKS.length], total - start);
    const viewL = new Float32Array(dsp.memory.buffer, bufferL, frames);
    const viewR = new Float32Array(dsp.memory.buffer, bufferR, frames);
    viewL.set(left.subarray(start, start + frames));
    viewR.set(right.subarray(start, start + frames));
    viewL.fill(0, Math.max(0, left.length - start));
    viewR.fill(0, Math.max(0, right.length - start));
    dsp.limiterProcess(limiter, bufferL, bufferR, frames);
    out.left.set(viewL, start);
    out.right.set(viewR, start);
    start += frames;
  }
  return out;
}

// The reference true-peak meter, independent of the limiter's detector: 16x oversampling by a
// Kaiser-windowed sinc reaching 32 frames either side (beta 9: flat to about 0.46 fs), then a parabola
// through each local maximum of the 16x grid. Content below 0.45 fs reads the same with longer
// references; full-band noise does not (its top band is where reconstruction filters differ), and a
// +-64-frame reference reads the limited noise 0.4 dB to 0.55 dB over.
const OVERSAMPLING = 16;
const REACH = 32;
const REFERENCE_BETA = 9;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > sum * 1e-17; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

const referencePhases: Float64Array[] = Array.from({ length: OVERSAMPLING - 1 }, (_, j) => {
  const fraction = (j + 1) / OVERSAMPLING;
  const taps = Float64Array.from({ length: 2 * REACH }, (_, k) => {
    const distance = k - REACH + 1 - fraction;
    const edge = distance / REACH;
    const window =
      besselI0(REFERENCE_BETA * Math.sqrt(Math.max(0, 1 - edge * edge))) / besselI0(REFERENCE_BETA);
    return (Math.sin(Math.PI * distance) / (Math.PI * distance)) * window;
  });
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => t / sum);
});

function truePeak(x: Float32Array): number {
  const grid = new Float64Array(x.length * OVERSAMPLING);
  for (let n = 0; n < x.length; n++) {
    grid[n * OVERSAMPLING] = x[n];
    for (let j = 1; j < OVERSAMPLING; j++) {
      const taps = referencePhases[j - 1];
      let sum = 0;
      for (let k = Math.max(0, REACH - 1 - n); k < 2 * REACH && n - REACH + 1 + k < x.length; k++) {
        sum += taps[k] * x[n - REACH + 1 + k];
      }
      grid[n * OVERSAMPLING + j] = sum;
    }
  }
  let peak = 0;
  for (let k = 0; k < grid.length; k++) {
    const sign = grid[k] < 0 ? -1 : 1;
    const b = Math.abs(grid[k]);
    const a = k > 0 ? sign * grid[k - 1] : 0;
    const c = k + 1 < grid.length ? sign * grid[k + 1] : 0;
    const curvature = 2 * b - a - c;
    peak = Math.max(peak, b >= a && b >= c && curvature > 0 ? b + (c - a) ** 2 / (8 * curvature) : b);
  }
  return peak;
}

const dbOf = (ratio: number): number => 20 * Math.log10(ratio);
const fromDb = (db: number): number => 10 ** (db / 20);

function samplePeak(...channels: Float32Array[]): number {
  let peak = 0;
  for (const channel of channels) for (const x of channel) peak = Math.max(peak, Math.abs(x));
  return peak;
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return (state + 0.5) / 2 ** 32;
  };
}

function gaussianNoise(frames: number, rms: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from(
    { length: frames },
    () => rms * Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random()),
  );
}

function uniformNoise(frames: number, peak: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: frames }, () => peak * (2 * random() - 1));
}

const sine = (frames: number, sampleRate: number, frequency: number, amplitude: number, phase = 0) =>
  Float32Array.from(
    { length: frames },
    (_, n) => amplitude * Math.sin((2 * Math.PI * frequency * n) / sampleRate + phase),
  );

const square = (frames: number, sampleRate: number, frequency: number, amplitude: number) =>
  Float32Array.from({ length: frames }, (_, n) =>
    ((n * frequency) / sampleRate) % 1 < 0.5 ? amplitude : -amplitude,
  );

/** A quiet tone with a loud burst in the middle third. */
function burst(frames: number, sampleRate: number, loud: Float32Array): Float32Array {
  const out = sine(frames, sampleRate, 440, 0.1);
  out.set(loud.subarray(0, Math.floor(frames / 3)), Math.floor(frames / 3));
  return out;
}

/** Over the ceiling by this much in dB: true peak (reference meter) and sample peak. */
function overshoot(out: Limited, ceilingDb: number): { truePeakDb: number; samplePeak: number } {
  return {
    truePeakDb: dbOf(Math.max(truePeak(out.left), truePeak(out.right))) - ceilingDb,
    samplePeak: samplePeak(out.left, out.right),
  };
}

describe("limiter: true-peak ceiling", () => {
  const FULL_SCALE_PLUS_12 = fromDb(12);
  const cases: [string, number, (frames: number, sampleRate: number) => [Float32Array, Float32Array]][] = [
    [
      "a +12 dBFS 997 Hz sine",
      48_000,
      (f, sr) => [sine(f, sr, 997, FULL_SCALE_PLUS_12), sine(f, sr, 997, FULL_SCALE_PLUS_12, 1)],
    ],
    [
      "a +12 dBFS 15 kHz sine",
      44_100,
      (f, sr) => [sine(f, sr, 15_000, FULL_SCALE_PLUS_12, 0.3), sine(f, sr, 15_000, FULL_SCALE_PLUS_12, 2)],
    ],
    [
      "a +12 dBFS 19.5 kHz sine",
      48_000,
      (f, sr) => [sine(f, sr, 19_500, FULL_SCALE_PLUS_12, 0.3), sine(f, sr, 19_500, FULL_SCALE_PLUS_12, 1)],
    ],
    [
      "a +12 dBFS 1 kHz square wave",
      48_000,
      (f, sr) => [square(f, sr, 1_000, FULL_SCALE_PLUS_12), square(f, sr, 1_000, -FULL_SCALE_PLUS_12)],
    ],
    [
      "a +12 dBFS 5 kHz square wave",
      96_000,
      (f, sr) => [square(f, sr, 5_000, FULL_SCALE_PLUS_12), new Float32Array(f)],
    ],
    [
      "a burst of white noise peaking at +20 dBFS",
      48_000,
      (f, sr) => [burst(f, sr, uniformNoise(f, 10, 1)), burst(f, sr, uniformNoise(f, 10, 2))],
    ],
    [
      "a burst of Gaussian white noise at +20 dBFS RMS",
      44_100,
      (f, sr) => [burst(f, sr, gaussianNoise(f, 10, 3)), burst(f, sr, gaussianNoise(f, 10, 4))],
    ],
  ];

  it.each(cases)("holds %s at %i Hz to -1 dBTP", (_, sampleRate, signal) => {
    const [left, right] = signal(Math.floor(0.25 * sampleRate), sampleRate);
    const { truePeakDb, samplePeak } = overshoot(limit(sampleRate, left, right), -1);
    expect(samplePeak).toBeLessThanOrEqual(fromDb(-1));
    // Measured: +0.003 dB to +0.04 dB.
    expect(truePeakDb).toBeLessThanOrEqual(0.1);
    // And it limits rather than mutes: the true peak reaches the ceiling.
    expect(truePeakDb).toBeGreaterThan(-0.1);
  });

  it.each([-0.1, -3, -12])("holds white noise to a %d dB ceiling", (ceilingDb) => {
    const sampleRate = 48_000;
    const frames = sampleRate / 5;
    const out = limit(sampleRate, uniformNoise(frames, 10, 5), uniformNoise(frames, 10, 6), ceilingDb);
    const { truePeakDb, samplePeak } = overshoot(out, ceilingDb);
    expect(samplePeak).toBeLessThanOrEqual(fromDb(ceilingDb));
    expect(truePeakDb).toBeLessThanOrEqual(0.1);
  });

  it("clamps the ceiling to [-60, 0] dB and ignores NaN", () => {
    const loud = uniformNoise(4_800, 100, 7);
    for (const [asked, applied] of [
      [6, 0],
      [-90, -60],
      [Number.NaN, -1],
    ]) {
      const { truePeakDb, samplePeak } = overshoot(limit(48_000, loud, loud, asked), applied);
      expect(samplePeak).toBeLessThanOrEqual(fromDb(applied));
      expect(Math.abs(truePeakDb)).toBeLessThan(0.1);
    }
  });

  it("links the channels: a loud left turns the quiet right down by the same gain", () => {
    const sampleRate = 48_000;
    const frames = sampleRate / 4;
    const left = burst(frames, sampleRate, sine(frames, sampleRate, 200, 8));
    const right = sine(frames, sampleRate, 300, 0.2);
    const out = limit(sampleRate, left, right);
    let maxDifference = 0;
    let minGain = 1;
    for (let n = 0; n < frames; n++) {
      if (Math.abs(left[n]) < 0.05 || Math.abs(right[n]) < 0.05) continue;
      const gainL = out.left[n + out.latency] / left[n];
      const gainR = out.right[n + out.latency] / right[n];
      maxDifference = Math.max(maxDifference, Math.abs(gainL - gainR) / gainL);
      minGain = Math.min(minGain, gainR);
    }
    expect(dbOf(minGain)).toBeLessThan(-18);
    // Equal up to the f32 rounding of both outputs.
    expect(maxDifference).toBeLessThan(1e-6);
  });
});

describe("limiter: below the ceiling", () => {
  it.each([
    [48_000, 96],
    [44_100, 90],
    [96_000, 168],
  ])("passes a -6 dBFS signal at %i Hz bit for bit, %i frames late", (sampleRate, latency) => {
    const frames = sampleRate / 2;
    const left = sine(frames, sampleRate, 1_000, 0.5);
    const right = sine(frames, sampleRate, 2_345, 0.3).map((x, n) => x + 0.2 * Math.sin(n * 0.001));
    const out = limit(sampleRate, left, right);
    // 1.5 ms of lookahead plus the true-peak detector's 24 frames.
    expect(out.latency).toBe(latency);
    expect(Array.from(out.left.subarray(0, latency))).toEqual(new Array(latency).fill(0));
    expect(out.left.subarray(latency)).toEqual(left);
    expect(out.right.subarray(latency)).toEqual(right);
  });
});

describe("limiter: release", () => {
  it("recovers from a 20 dB over with a 50 ms time constant, then passes bit for bit again", () => {
    const sampleRate = 48_000;
    const burstEnd = sampleRate / 5;
    const frames = 2 * sampleRate;
    const quiet = sine(frames, sampleRate, 1_000, 0.25, 0.1);
    const input = quiet.slice();
    input.set(uniformNoise(burstEnd, 10, 11));
    const out = limit(sampleRate, input, input);

    /** The gain over the 1 ms around a frame, read off the quiet tone. */
    const gainAt = (frame: number): number => {
      let sumIn = 0;
      let sumOut = 0;
      for (let n = frame - 24; n < frame + 24; n++) {
        sumIn += Math.abs(input[n]);
        sumOut += Math.abs(out.left[n + out.latency]);
      }
      return sumOut / sumIn;
    };
    const lookahead = 72;
    const reductionAtEnd = 1 - gainAt(burstEnd + lookahead + 24);
    expect(dbOf(1 - reductionAtEnd)).toBeLessThan(-15);
    // After one time constant the reduction has shrunk by about e (the attack smoothing adds a little).
    expect(1 - gainAt(burstEnd + lookahead + 24 + sampleRate * 0.05)).toBeLessThan(0.45 * reductionAtEnd);
    expect(dbOf(gainAt(burstEnd + lookahead + 24 + sampleRate * 0.3))).toBeGreaterThan(-0.1);
    // Within a second the gain is 1 again to f32 precision: the tone comes through untouched.
    const settled = burstEnd + sampleRate;
    expect(out.left.subarray(settled + out.latency, frames + out.latency)).toEqual(input.subarray(settled));
  });
});

describe("limiter: hostile input", () => {
  it("turns NaN and infinities into silence, flushes denormals, and keeps huge input under the ceiling", () => {
    const sampleRate = 48_000;
    const frames = 1.5 * sampleRate;
    const input = sine(frames, sampleRate, 500, 0.5);
    const hostile = [Number.NaN, Infinity, -Infinity, 3e38, -1e30, 1e-40, -1e-45, Number.NaN];
    const hostileAt = (n: number) => n >= 1_000 && n < 1_000 + 8 * 50;
    for (let n = 1_000; n < 1_000 + 8 * 50; n++) input[n] = hostile[n % hostile.length];
    const out = limit(
      sampleRate,
      input,
      input.map((x) => -x),
    );
    for (const channel of [out.left, out.right]) {
      expect(channel.every(Number.isFinite)).toBe(true);
      expect(samplePeak(channel)).toBeLessThanOrEqual(fromDb(-1));
    }
    const silenced = input
      .map((x, n) =>
        hostileAt(n) && (!Number.isFinite(x) || Math.abs(x) < 1e-37) ? out.left[n + out.latency] : 0,
      )
      .filter((y) => y !== 0);
    expect(silenced).toEqual(new Float32Array(0));
    // The limiter is not stuck: once the ~600 dB reduction (inputs are clamped at 1e30) has released,
    // which takes about 17 time constants to f32 precision, the tone comes through untouched.
    const settled = sampleRate;
    expect(out.left.subarray(settled + out.latency)).toEqual(input.subarray(settled));
  });

  it("takes a block longer than a quantum as the same frames in quanta", () => {
    const frames = 2_000;
    const left = uniformNoise(frames, 10, 12);
    const right = uniformNoise(frames, 10, 13);
    const dsp = newDsp();
    const limiter = dsp.limiterCreate(48_000);
    const bufferL = dsp.alloc(frames * 4);
    const bufferR = dsp.alloc(frames * 4);
    new Float32Array(dsp.memory.buffer, bufferL, frames).set(left);
    new Float32Array(dsp.memory.buffer, bufferR, frames).set(right);
    dsp.limiterProcess(limiter, bufferL, bufferR, frames);
    const quanta = limit(48_000, left, right);
    expect(new Float32Array(dsp.memory.buffer, bufferL, frames)).toEqual(quanta.left.subarray(0, frames));
    expect(new Float32Array(dsp.memory.buffer, bufferR, frames)).toEqual(quanta.right.subarray(0, frames));
  });

  it("starts afresh after a reset", () => {
    const dsp = newDsp();
    const limiter = dsp.limiterCreate(48_000);
    const latency = dsp.limiterLatencyFrames(limiter);
    const left = dsp.alloc(QUANTUM_FRAMES * 4);
    const right = dsp.alloc(QUANTUM_FRAMES * 4);
    const run = (value: (n: number) => number): Float32Array => {
      const out = new Float32Array(4 * QUANTUM_FRAMES);
      for (let q = 0; q < 4; q++) {
        const viewL = new Float32Array(dsp.memory.buffer, left, QUANTUM_FRAMES);
        const viewR = new Float32Array(dsp.memory.buffer, right, QUANTUM_FRAMES);
        for (let i = 0; i < QUANTUM_FRAMES; i++) viewL[i] = viewR[i] = value(q * QUANTUM_FRAMES + i);
        dsp.limiterProcess(limiter, left, right, QUANTUM_FRAMES);
        out.set(viewL, q * QUANTUM_FRAMES);
      }
      return out;
    };
    run(() => 50);
    dsp.limiterReset(limiter);
    const quiet = (n: number) => Math.fround(0.5 * Math.sin(n / 10));
    const out = run(quiet);
    expect(Array.from(out.subarray(0, latency))).toEqual(new Array(latency).fill(0));
    for (let n = latency; n < out.length; n++) expect(out[n]).toBe(quiet(n - latency));
  });
});

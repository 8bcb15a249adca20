import { describe, expect, it } from "vitest";
import { type DspExports, QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";
import { logSpacedFrequencies, type RbjKind, type RbjSettings, rbjMagnitudeDb } from "../rbj-reference.ts";
import { sine, sineAmplitude } from "../sine.ts";

const HIGH_PASS = 0;
const BAND1 = 1;
const BAND2 = 2;
const BAND3 = 3;
const BAND4 = 4;
const LOW_PASS = 5;
const KIND_OF_STAGE: RbjKind[] = ["highPass", "lowShelf", "peaking", "peaking", "highShelf", "lowPass"];

const F32_MIN_NORMAL = 2 ** -126;
const F32_MAX = 3.4028234663852886e38;
// The bypass crossfade of dsp/track-eq.ts, in seconds.
const BYPASS_SECONDS = 0.005;

interface Stage {
  stage: number;
  frequency: number;
  q: number;
  gainDb: number;
}

/** One EQ in its own wasm instance, with host buffers for one quantum and one set of coefficients. */
class Eq {
  private readonly dsp: DspExports = newDsp();
  private readonly eq: number;
  private readonly left: number;
  private readonly right: number;
  private readonly coefficientsPtr: number;

  constructor(readonly sampleRate: number) {
    this.eq = this.dsp.eqCreate(sampleRate);
    this.left = this.dsp.alloc(QUANTUM_FRAMES * 4);
    this.right = this.dsp.alloc(QUANTUM_FRAMES * 4);
    this.coefficientsPtr = this.dsp.alloc(5 * 8);
  }

  set({ stage, frequency, q, gainDb }: Stage, enabled = true): void {
    this.dsp.eqSetStage(this.eq, stage, enabled, frequency, q, gainDb);
  }

  setEnabled(on: boolean): void {
    this.dsp.eqSetEnabled(this.eq, on);
  }

  reset(): void {
    this.dsp.eqReset(this.eq);
  }

  coefficients(stage: number): number[] {
    this.dsp.eqStageCoefficients(this.eq, stage, this.coefficientsPtr);
    return Array.from(new Float64Array(this.dsp.memory.buffer, this.coefficientsPtr, 5));
  }

  /** One call of at most QUANTUM_FRAMES frames, in place. */
  process(left: Float32Array, right: Float32Array, scalar: boolean): void {
    const memory = this.dsp.memory.buffer;
    new Float32Array(memory, this.left, left.length).set(left);
    new Float32Array(memory, this.right, right.length).set(right);
    (scalar ? this.dsp.eqProcessScalar : this.dsp.eqProcess)(this.eq, this.left, this.right, left.length);
    left.set(new Float32Array(memory, this.left, left.length));
    right.set(new Float32Array(memory, this.right, right.length));
  }
}

interface RenderOptions {
  scalar?: boolean;
  /** Called at the start of every quantum, as the engine would between render calls. */
  control?: (frame: number) => void;
  /** Cuts each quantum into calls of random sizes (1 to the rest of the quantum). */
  random?: () => number;
}

/** Filters both channels in place, a quantum (or less) per call. */
function render(eq: Eq, left: Float32Array, right: Float32Array, options: RenderOptions = {}): void {
  for (let pos = 0; pos < left.length; ) {
    if (pos % QUANTUM_FRAMES === 0) options.control?.(pos);
    const rest = Math.min(QUANTUM_FRAMES - (pos % QUANTUM_FRAMES), left.length - pos);
    const frames = options.random ? 1 + Math.floor(options.random() * rest) : rest;
    eq.process(left.subarray(pos, pos + frames), right.subarray(pos, pos + frames), options.scalar ?? false);
    pos += frames;
  }
}

/** A deterministic generator of uniform numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function noise(frames: number, seed: number, amplitude = 0.5): Float32Array {
  const next = random(seed);
  return Float32Array.from({ length: frames }, () => amplitude * (2 * next() - 1));
}

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

function maxStep(y: Float32Array): number {
  let max = 0;
  for (let i = 1; i < y.length; i++) max = Math.max(max, Math.abs(y[i] - y[i - 1]));
  return max;
}

/** Index of the first sample whose bits differ, or -1. */
function firstBitDifference(a: Float32Array, b: Float32Array): number {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  return x.findIndex((bits, i) => bits !== y[i]);
}

/** The cutoff of a settled high or low pass, recovered from its coefficients: cos w0 = -a1 / (1 + a2). */
function passFrequency([, , , a1, a2]: number[], sampleRate: number): number {
  return (Math.acos(-a1 / (1 + a2)) * sampleRate) / (2 * Math.PI);
}

const CHAIN: Stage[] = [
  { stage: HIGH_PASS, frequency: 30, q: Math.SQRT1_2, gainDb: 0 },
  { stage: BAND1, frequency: 120, q: Math.SQRT1_2, gainDb: 4 },
  { stage: BAND2, frequency: 500, q: 1.4, gainDb: -6 },
  { stage: BAND3, frequency: 2_500, q: 2, gainDb: 5 },
  { stage: BAND4, frequency: 8_000, q: Math.SQRT1_2, gainDb: -3 },
  { stage: LOW_PASS, frequency: 18_000, q: Math.SQRT1_2, gainDb: 0 },
];

const LOW_PASS_AT_500: Stage = { stage: LOW_PASS, frequency: 500, q: Math.SQRT1_2, gainDb: 0 };

function chainEq(sampleRate: number): Eq {
  const eq = new Eq(sampleRate);
  for (const s of CHAIN) eq.set(s);
  eq.reset();
  return eq;
}

describe("track EQ: chain and bypass", () => {
  it.each([48_000, 44_100])(
    "at %i Hz, all six stages in series: the steady gain of a sine is the sum of the analytic responses in dB",
    (sampleRate) => {
      const settle = Math.round(0.5 * sampleRate);
      const measure = Math.round(0.25 * sampleRate);
      for (const f of logSpacedFrequencies(20, 20_000, 20)) {
        const left = sine(settle + measure, f, sampleRate, 0.5);
        const right = left.map((x) => -0.5 * x);
        render(chainEq(sampleRate), left, right);
        const expectedDb = CHAIN.reduce(
          (sum, s) =>
            sum + rbjMagnitudeDb({ ...s, kind: KIND_OF_STAGE[s.stage], sampleRate } as RbjSettings, f),
          0,
        );
        const inputAmplitude = sineAmplitude(
          sine(settle + measure, f, sampleRate, 0.5).subarray(settle),
          f,
          sampleRate,
        );
        const leftDb = 20 * Math.log10(sineAmplitude(left.subarray(settle), f, sampleRate) / inputAmplitude);
        const rightDb =
          20 * Math.log10(sineAmplitude(right.subarray(settle), f, sampleRate) / (0.5 * inputAmplitude));
        expect(Math.abs(leftDb - expectedDb)).toBeLessThan(0.05);
        expect(Math.abs(rightDb - expectedDb)).toBeLessThan(0.05);
      }
    },
  );

  it("leaves the samples bit for bit untouched while no stage is enabled", () => {
    const input = noise(4_800, 1);
    input[7] = 1e-40;
    input[8] = Number.NaN;
    const left = input.slice();
    const right = input.slice();
    render(new Eq(48_000), left, right);
    expect(firstBitDifference(left, input)).toBe(-1);
    expect(firstBitDifference(right, input)).toBe(-1);
  });

  it("passes the signal within 1e-7 with the four bands enabled at 0 dB", () => {
    const eq = new Eq(48_000);
    for (const stage of [BAND1, BAND2, BAND3, BAND4]) eq.set({ ...CHAIN[stage], gainDb: 0 });
    const input = noise(48_000, 2);
    const left = input.slice();
    const right = input.slice();
    render(eq, left, right);
    expect(maxAbsDifference(left, input)).toBeLessThan(1e-7);
    expect(maxAbsDifference(right, input)).toBeLessThan(1e-7);
  });

  it.each(["the whole EQ", "each stage"])(
    "becomes bit-transparent again a bypass crossfade after %s is disabled",
    (what) => {
      const sampleRate = 48_000;
      const eq = chainEq(sampleRate);
      const input = noise(sampleRate, 3);
      const left = input.slice();
      const right = input.slice();
      const off = 94 * QUANTUM_FRAMES;
      render(eq, left, right, {
        control: (frame) => {
          if (frame !== off) return;
          if (what === "the whole EQ") eq.setEnabled(false);
          else for (const s of CHAIN) eq.set(s, false);
        },
      });
      const fadeEnd = off + Math.ceil(BYPASS_SECONDS * sampleRate);
      expect(maxAbsDifference(left.subarray(off - 100, off), input.subarray(off - 100, off))).toBeGreaterThan(
        0.01,
      );
      expect(
        maxAbsDifference(left.subarray(fadeEnd - 20, fadeEnd - 1), input.subarray(fadeEnd - 20, fadeEnd - 1)),
      ).toBeGreaterThan(0);
      expect(firstBitDifference(left.subarray(fadeEnd), input.subarray(fadeEnd))).toBe(-1);
      expect(firstBitDifference(right.subarray(fadeEnd), input.subarray(fadeEnd))).toBe(-1);
    },
  );
});

describe("track EQ: SIMD and scalar paths", () => {
  /** Two seconds of stereo noise while stages, the bypass and the call sizes change at random. */
  function busyRun(sampleRate: number, options: RenderOptions, seed: number): [Float32Array, Float32Array] {
    const eq = new Eq(sampleRate);
    const left = noise(2 * sampleRate, seed);
    const right = noise(2 * sampleRate, seed + 1);
    const next = random(seed + 2);
    render(eq, left, right, {
      ...options,
      control: () => {
        if (next() < 0.15) {
          const stage = Math.floor(next() * 6);
          eq.set(
            {
              stage,
              frequency: 5 * 6_000 ** next(),
              q: 0.03 * 2_000 ** next(),
              gainDb: next() < 0.05 ? Number.NaN : 80 * next() - 40,
            },
            next() < 0.8,
          );
        }
        if (next() < 0.02) eq.setEnabled(next() < 0.7);
      },
    });
    return [left, right];
  }

  it.each([48_000, 44_100])(
    "at %i Hz, agree within 1e-6 on noise with parameter and bypass changes mid-stream",
    (sampleRate) => {
      const [simdLeft, simdRight] = busyRun(sampleRate, { random: random(10) }, 20);
      const [scalarLeft, scalarRight] = busyRun(sampleRate, { random: random(10), scalar: true }, 20);
      expect(maxAbsDifference(simdLeft, scalarLeft)).toBeLessThanOrEqual(1e-6);
      expect(maxAbsDifference(simdRight, scalarRight)).toBeLessThanOrEqual(1e-6);
      expect(maxAbsDifference(simdLeft, noise(2 * sampleRate, 20))).toBeGreaterThan(0.01);
    },
  );

  it("give the same output whatever the sizes of the calls", () => {
    const [whole] = busyRun(48_000, {}, 30);
    const [cut] = busyRun(48_000, { random: random(31) }, 30);
    expect(firstBitDifference(cut, whole)).toBe(-1);
  });

  /**
   * Two seconds of the chain, mostly steady, with bands going to and from 0 dB, stages and the
   * bypass toggling now and then, bursts of NaN, infinities, huge and denormal samples, and calls
   * of random sizes (down to one frame). It starts without the high pass and with the first two
   * bands at 0 dB, so that bands at 0 dB come both first in line and after filtering stages.
   */
  function steadyRun(sampleRate: number, scalar: boolean, seed: number): [Float32Array, Float32Array] {
    const eq = new Eq(sampleRate);
    for (const s of CHAIN) {
      eq.set({ ...s, gainDb: s.stage === BAND1 || s.stage === BAND2 ? 0 : s.gainDb }, s.stage !== HIGH_PASS);
    }
    eq.reset();
    const left = noise(2 * sampleRate, seed);
    const right = noise(2 * sampleRate, seed + 1);
    const next = random(seed + 2);
    const bad = [Number.NaN, Infinity, -Infinity, F32_MAX, -F32_MAX, 1e-40, 1e-36];
    for (let burst = 0; burst < 8; burst++) {
      const at = Math.floor(next() * left.length);
      (next() < 0.5 ? left : right).fill(bad[Math.floor(next() * bad.length)], at, at + 1 + next() * 200);
    }
    render(eq, left, right, {
      scalar,
      random: random(seed + 3),
      control: () => {
        if (next() < 0.03) {
          const s = CHAIN[Math.floor(next() * CHAIN.length)];
          eq.set({ ...s, gainDb: next() < 0.5 ? 0 : s.gainDb }, next() < 0.9);
        }
        if (next() < 0.005) eq.setEnabled(next() < 0.7);
      },
    });
    return [left, right];
  }

  it.each([48_000, 44_100])(
    "at %i Hz, agree bit for bit through steady stretches, 0 dB bands, bypass changes and bad samples",
    (sampleRate) => {
      const [simdLeft, simdRight] = steadyRun(sampleRate, false, 50);
      const [scalarLeft, scalarRight] = steadyRun(sampleRate, true, 50);
      expect(firstBitDifference(simdLeft, scalarLeft)).toBe(-1);
      expect(firstBitDifference(simdRight, scalarRight)).toBe(-1);
      // The EQ did filter (NaN passes untouched while the whole EQ is bypassed, so no maximum here).
      const input = noise(2 * sampleRate, 50);
      const changed = simdLeft.filter((y, i) => Math.abs(y - input[i]) > 0.01).length;
      expect(changed).toBeGreaterThan(simdLeft.length / 10);
    },
  );

  it("agree bit for bit when a crossfade ends in the last frames of a call", () => {
    // The stage after one that has just faded out last saw the crossfade, not the output of the
    // stage before: running those two as a pair would be wrong for a call or two. At 44.1 kHz the
    // fade's last step is far from 0 (220.5 steps), so the difference would show.
    const sampleRate = 44_100;
    const fadeFrames = Math.ceil(BYPASS_SECONDS * sampleRate);
    const play = (scalar: boolean, end: number): Float32Array => {
      const eq = chainEq(sampleRate);
      const left = noise(6 * QUANTUM_FRAMES, 70);
      const right = noise(6 * QUANTUM_FRAMES, 71);
      const cuts = [0, 128, 256, 384, end, 640, 768];
      for (let c = 0; c + 1 < cuts.length; c++) {
        if (cuts[c] === 256) eq.set(CHAIN[BAND1], false);
        for (let from = cuts[c]; from < cuts[c + 1]; from += QUANTUM_FRAMES) {
          const to = Math.min(cuts[c + 1], from + QUANTUM_FRAMES);
          eq.process(left.subarray(from, to), right.subarray(from, to), scalar);
        }
      }
      return left;
    };
    for (let end = 256 + fadeFrames - 3; end <= 256 + fadeFrames + 3; end++) {
      expect(firstBitDifference(play(false, end), play(true, end))).toBe(-1);
    }
  });

  it.each([48_000, 44_100])(
    "at %i Hz, agree bit for bit on noise with parameter and bypass changes",
    (sampleRate) => {
      const [simdLeft, simdRight] = busyRun(sampleRate, { random: random(10) }, 20);
      const [scalarLeft, scalarRight] = busyRun(sampleRate, { random: random(10), scalar: true }, 20);
      expect(firstBitDifference(simdLeft, scalarLeft)).toBe(-1);
      expect(firstBitDifference(simdRight, scalarRight)).toBe(-1);
    },
  );
});

describe("track EQ: bands at 0 dB", () => {
  it.each([
    ["first in line", false],
    ["after the high pass", true],
  ])("a band leaving 0 dB %s glides on from the signal it passed, alike on both paths", (_, highPass) => {
    const play = (scalar: boolean): Float32Array => {
      const eq = new Eq(48_000);
      eq.set(CHAIN[HIGH_PASS], highPass);
      eq.set({ ...CHAIN[BAND1], gainDb: 0 });
      eq.set(CHAIN[BAND3]);
      eq.reset();
      const left = noise(16 * QUANTUM_FRAMES, 80);
      render(eq, left, noise(16 * QUANTUM_FRAMES, 81), {
        scalar,
        control: (frame) => {
          if (frame === 8 * QUANTUM_FRAMES) eq.set(CHAIN[BAND1]);
        },
      });
      return left;
    };
    const simd = play(false);
    expect(firstBitDifference(simd, play(true))).toBe(-1);
    expect(maxAbsDifference(simd, noise(16 * QUANTUM_FRAMES, 80))).toBeGreaterThan(0.01);
  });

  it("a band brought back to 0 dB rings out as one at a hair above 0 dB does, within 1e-7", () => {
    // A band at exactly 0 dB is passed over once it is quiet; right after its glide back to 0 dB it
    // still rings with the old gain, and that ringing must come out as if it were filtered.
    const sampleRate = 48_000;
    const band: Stage = { stage: BAND1, frequency: 120, q: 2, gainDb: 12 };
    const play = (gainDb: number): [Float32Array, Float32Array] => {
      const eq = new Eq(sampleRate);
      eq.set(band);
      eq.reset();
      const left = noise(sampleRate, 60);
      const right = noise(sampleRate, 61);
      render(eq, left, right, {
        control: (frame) => {
          if (frame === 32 * QUANTUM_FRAMES) eq.set({ ...band, gainDb });
        },
      });
      return [left, right];
    };
    const [zeroLeft, zeroRight] = play(0);
    const [hairLeft, hairRight] = play(1e-9);
    expect(maxAbsDifference(zeroLeft, hairLeft)).toBeLessThan(1e-7);
    expect(maxAbsDifference(zeroRight, hairRight)).toBeLessThan(1e-7);
    // Still 0 dB in the end: the tail passes the input through.
    const input = noise(sampleRate, 60);
    expect(
      maxAbsDifference(zeroLeft.subarray(-QUANTUM_FRAMES), input.subarray(-QUANTUM_FRAMES)),
    ).toBeLessThan(1e-7);
  });
});

describe("track EQ: smoothing", () => {
  it("glides a 2-octave jump with a 10 ms time constant on log frequency, then lands on the exact design", () => {
    const sampleRate = 48_000;
    const from: Stage = { stage: LOW_PASS, frequency: 500, q: Math.SQRT1_2, gainDb: 0 };
    const to: Stage = { ...from, frequency: 2_000 };
    const eq = new Eq(sampleRate);
    eq.set(from);
    eq.reset();
    eq.set(to);
    const frequencies: number[] = [];
    for (let frame = 0; frame < 0.3 * sampleRate; frame += 16) {
      render(eq, new Float32Array(16), new Float32Array(16));
      frequencies.push(passFrequency(eq.coefficients(LOW_PASS), sampleRate));
    }
    // Each step moves the log frequency on, never back, and by at most a few percent of the jump.
    for (let i = 1; i < frequencies.length; i++) {
      expect(frequencies[i]).toBeGreaterThanOrEqual(frequencies[i - 1]);
      expect(Math.log2(frequencies[i] / frequencies[i - 1])).toBeLessThan(0.04 * 2);
    }
    // After 10 ms (30 control steps of 16 frames), 1 - 1/e of the way in octaves.
    const progress = Math.log2(frequencies[29] / from.frequency) / 2;
    expect(progress).toBeCloseTo(1 - Math.exp(-1), 3);
    const direct = new Eq(sampleRate);
    direct.set(to);
    direct.reset();
    expect(eq.coefficients(LOW_PASS)).toEqual(direct.coefficients(LOW_PASS));
  });
});

describe("track EQ: no clicks", () => {
  const sampleRate = 48_000;
  const amplitude = 0.5;
  const toneFrequency = 1_000;
  // A click is a step discontinuity comparable to the signal itself. For a filter with |H| <= 1 at
  // the tone, the steady output never steps more than the input; the time variation adds the
  // rate of change of gain and phase (a sweep of 2 octaves in 50 ms turns the phase by at most pi
  // over 2400 frames: 0.0013 A per frame) and, for a bypass, the ramp of the crossfade between
  // two signals at most 2 A apart over 240 frames (0.0083 A per frame). A/100 bounds both.
  const CLICK_BOUND = 0.01 * amplitude;
  const input = sine(sampleRate, toneFrequency, sampleRate, amplitude);
  const inputStep = maxStep(input);
  // A quantum boundary where the tone is at -0.87 A, far from a zero crossing that would hide a click.
  const EVENT_FRAME = 94 * QUANTUM_FRAMES;

  /** The tone through `eq` with `control` called every quantum; returns the left output. */
  function play(eq: Eq, control: (frame: number) => void): Float32Array {
    const left = input.slice();
    render(eq, left, input.slice(), { control });
    return left;
  }

  const DRAGS: [string, Stage, number][] = [
    ["low pass", { stage: LOW_PASS, frequency: 4_000, q: Math.SQRT1_2, gainDb: 0 }, 1_000],
    ["high pass", { stage: HIGH_PASS, frequency: 250, q: Math.SQRT1_2, gainDb: 0 }, 1_000],
    ["peaking cut", { stage: BAND2, frequency: 250, q: 2, gainDb: -18 }, 1_000],
    ["peaking cut, downwards", { stage: BAND3, frequency: 4_000, q: 4, gainDb: -24 }, 1_000],
    ["low shelf cut", { stage: BAND1, frequency: 500, q: Math.SQRT1_2, gainDb: -12 }, 2_000],
    ["high shelf cut", { stage: BAND4, frequency: 4_000, q: Math.SQRT1_2, gainDb: -12 }, 1_000],
  ];

  it.each(DRAGS)("%s: a 2-octave drag in 50 ms steps no more than the input plus A/100", (_, start, end) => {
    const eq = new Eq(sampleRate);
    eq.set(start);
    eq.reset();
    const dragStart = EVENT_FRAME;
    const dragFrames = 0.05 * sampleRate;
    const output = play(eq, (frame) => {
      const t = Math.min(Math.max((frame - dragStart) / dragFrames, 0), 1);
      if (frame >= dragStart) eq.set({ ...start, frequency: start.frequency * (end / start.frequency) ** t });
    });
    expect(maxStep(output)).toBeLessThan(inputStep + CLICK_BOUND);
  });

  it.each(DRAGS)(
    "%s: a 2-octave jump in one call steps no more than the input plus A/100",
    (_, start, end) => {
      const eq = new Eq(sampleRate);
      eq.set(start);
      eq.reset();
      const output = play(eq, (frame) => {
        if (frame === EVENT_FRAME) eq.set({ ...start, frequency: end });
      });
      expect(maxStep(output)).toBeLessThan(inputStep + CLICK_BOUND);
    },
  );

  it("the measure catches a click: clearing the filters mid-tone steps far past the bound", () => {
    const eq = new Eq(sampleRate);
    eq.set(DRAGS[0][1]);
    eq.reset();
    const output = play(eq, (frame) => {
      if (frame === EVENT_FRAME) eq.reset();
    });
    expect(maxStep(output)).toBeGreaterThan(inputStep + 10 * CLICK_BOUND);
  });

  it.each(["the whole EQ", "the low pass stage"])(
    "toggling %s every 20 ms steps no more than the input plus A/100",
    (what) => {
      const toggle = (eq: Eq, on: boolean) =>
        what === "the whole EQ" ? eq.setEnabled(on) : eq.set(LOW_PASS_AT_500, on);
      const eq = new Eq(sampleRate);
      eq.set(LOW_PASS_AT_500);
      eq.set({ stage: BAND2, frequency: 800, q: 1, gainDb: -12 });
      eq.reset();
      const period = Math.round((0.02 * sampleRate) / QUANTUM_FRAMES);
      const output = play(eq, (frame) => {
        const quantum = frame / QUANTUM_FRAMES;
        if (quantum % period === 0) toggle(eq, (quantum / period) % 2 === 0);
      });
      expect(maxStep(output)).toBeLessThan(inputStep + CLICK_BOUND);
    },
  );
});

describe("track EQ: robustness", () => {
  const sampleRate = 48_000;

  function allFinite(y: Float32Array): boolean {
    return y.every((x) => Number.isFinite(x));
  }

  it("outputs zeros for a block of NaN and infinities, then exactly what a clean EQ outputs", () => {
    const bad = Float32Array.from({ length: 1_000 }, (_, i) => [Number.NaN, Infinity, -Infinity][i % 3]);
    const clean = noise(sampleRate, 4);
    const poisoned = chainEq(sampleRate);
    const twin = chainEq(sampleRate);
    const left = bad.slice();
    const right = bad.slice().reverse();
    render(poisoned, left, right);
    expect(left.every((x) => x === 0) && right.every((x) => x === 0)).toBe(true);
    const [zerosLeft, zerosRight] = [new Float32Array(1_000), new Float32Array(1_000)];
    render(twin, zerosLeft, zerosRight);
    const [a, b] = [clean.slice(), clean.slice()];
    const [c, d] = [clean.slice(), clean.slice()];
    render(poisoned, a, b);
    render(twin, c, d);
    expect(firstBitDifference(a, c)).toBe(-1);
  });

  it("stays finite through NaN and infinities within a signal, on one channel, and recovers", () => {
    const signal = sine(sampleRate, 440, sampleRate, 0.5);
    const left = signal.slice();
    const right = signal.slice();
    for (const i of [1_000, 1_001, 5_000, 9_999]) left[i] = Number.NaN;
    right[3_000] = Infinity;
    right[3_001] = -Infinity;
    const eq = chainEq(sampleRate);
    render(eq, left, right);
    expect(allFinite(left) && allFinite(right)).toBe(true);
    const reference = signal.slice();
    render(chainEq(sampleRate), reference, signal.slice());
    const later = 24_000;
    expect(maxAbsDifference(left.subarray(later), reference.subarray(later))).toBeLessThan(1e-6);
    expect(maxAbsDifference(right.subarray(later), reference.subarray(later))).toBeLessThan(1e-6);
  });

  it("saturates at the f32 range on huge inputs, never Inf, and recovers", () => {
    const signal = sine(2 * sampleRate, 440, sampleRate, 0.5);
    const left = signal.slice();
    left.fill(F32_MAX, 1_000, 1_200);
    left.fill(-F32_MAX, 1_200, 1_300);
    const right = left.slice();
    render(chainEq(sampleRate), left, right);
    expect(allFinite(left)).toBe(true);
    expect(Math.max(...left.subarray(1_000, 1_300).map(Math.abs))).toBe(F32_MAX);
    const reference = signal.slice();
    render(chainEq(sampleRate), reference, signal.slice());
    // The filters are linear, so the difference is the ringing of the burst alone. Its slowest mode
    // (the 30 Hz high pass: e^-1 per 7.5 ms) takes 101 time constants, 0.76 s, from 3.4e38 to 1e-6.
    const later = 1.5 * sampleRate;
    expect(maxAbsDifference(left.subarray(later), reference.subarray(later))).toBeLessThan(1e-6);
  });

  it("stays finite under absurd parameters and sample rates, and recovers once they are sane", () => {
    const absurd = [Number.NaN, Infinity, -Infinity, 0, -1, 1e-300, 1e300, -1e300];
    const next = random(5);
    const pick = () => absurd[Math.floor(next() * absurd.length)];
    for (const rate of [sampleRate, Number.NaN, 0, -1, 1e9, Infinity]) {
      const eq = new Eq(rate);
      const left = noise(sampleRate / 4, 6);
      const right = noise(sampleRate / 4, 7);
      render(eq, left, right, {
        control: () => {
          eq.set(
            { stage: Math.floor(next() * 8) - 1, frequency: pick(), q: pick(), gainDb: pick() },
            next() < 0.9,
          );
          if (next() < 0.1) eq.setEnabled(next() < 0.5);
        },
      });
      expect(allFinite(left) && allFinite(right)).toBe(true);
    }
    const eq = new Eq(sampleRate);
    render(eq, noise(4_800, 8), noise(4_800, 9), {
      control: () => eq.set({ stage: LOW_PASS, frequency: pick(), q: pick(), gainDb: pick() }),
    });
    eq.set(LOW_PASS_AT_500);
    eq.reset();
    const twin = new Eq(sampleRate);
    twin.set(LOW_PASS_AT_500);
    twin.reset();
    const [a, b] = [noise(4_800, 10), noise(4_800, 10)];
    render(eq, a, a.slice());
    render(twin, b, b.slice());
    expect(firstBitDifference(a, b)).toBe(-1);
  });

  it("turns denormal inputs and decaying tails into zeros or normal numbers", () => {
    const eq = chainEq(sampleRate);
    const tiny = Float32Array.from({ length: 4_800 }, (_, i) => ((i % 7) - 3) * 2 ** -140);
    tiny[0] = 1;
    const silence = new Float32Array(10 * sampleRate);
    const output = new Float32Array(tiny.length + silence.length);
    output.set(tiny);
    render(eq, output, output.slice());
    expect(output.every((x) => x === 0 || Math.abs(x) >= F32_MIN_NORMAL)).toBe(true);
    expect(output.subarray(-sampleRate).every((x) => x === 0)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { type DspExports, QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";
import { logSpacedFrequencies, type RbjKind, type RbjSettings, rbjMagnitudeDb } from "../rbj-reference.ts";
import { sine, sineAmplitude } from "../sine.ts";

// Each filter kind is designed by the EQ stage that uses it.
const STAGE_OF: Record<RbjKind, number> = { highPass: 0, lowShelf: 1, peaking: 2, highShelf: 4, lowPass: 5 };
const SAMPLE_RATES = [48_000, 44_100];
const FREQUENCIES = logSpacedFrequencies(20, 20_000, 20);
const DB_TOLERANCE = 0.05;

/** [frequency, q, gainDb] per kind: low and high corners, low and high Q, cuts and boosts. */
const DESIGNS: Record<RbjKind, [number, number, number][]> = {
  lowPass: [
    [1_000, Math.SQRT1_2, 0],
    [100, 0.5, 0],
    [5_000, 4, 0],
    [15_000, 0.9, 0],
    [40, 10, 0],
  ],
  highPass: [
    [1_000, Math.SQRT1_2, 0],
    [30, Math.SQRT1_2, 0],
    [200, 2, 0],
    [8_000, 0.5, 0],
  ],
  peaking: [
    [1_000, 1, 6],
    [100, 0.3, -12],
    [5_000, 8, 18],
    [12_000, 2, -24],
    [300, 40, 36],
  ],
  lowShelf: [
    [100, Math.SQRT1_2, 6],
    [300, 0.5, -12],
    [1_000, 2, 18],
    [80, 1, -36],
  ],
  highShelf: [
    [8_000, Math.SQRT1_2, 6],
    [3_000, 0.5, -12],
    [12_000, 2, 12],
    [5_000, 1, 36],
  ],
};

const CASES: RbjSettings[] = SAMPLE_RATES.flatMap((sampleRate) =>
  (Object.keys(DESIGNS) as RbjKind[]).flatMap((kind) =>
    DESIGNS[kind].map(([frequency, q, gainDb]) => ({ kind, sampleRate, frequency, q, gainDb })),
  ),
);

/** One EQ in its own wasm instance, with host buffers for one quantum and one set of coefficients. */
class Eq {
  private readonly dsp: DspExports = newDsp();
  private readonly eq: number;
  private readonly left: number;
  private readonly right: number;
  private readonly coefficientsPtr: number;

  constructor(sampleRate: number) {
    this.eq = this.dsp.eqCreate(sampleRate);
    this.left = this.dsp.alloc(QUANTUM_FRAMES * 4);
    this.right = this.dsp.alloc(QUANTUM_FRAMES * 4);
    this.coefficientsPtr = this.dsp.alloc(5 * 8);
  }

  /** Enables only this stage, at these settings, settled and with a clean state. */
  static designed(s: RbjSettings, requested: Partial<RbjSettings> = {}): Eq {
    const eq = new Eq(s.sampleRate);
    eq.set(STAGE_OF[s.kind], { ...s, ...requested });
    eq.reset();
    return eq;
  }

  set(stage: number, s: Pick<RbjSettings, "frequency" | "q" | "gainDb">): void {
    this.dsp.eqSetStage(this.eq, stage, true, s.frequency, s.q, s.gainDb);
  }

  reset(): void {
    this.dsp.eqReset(this.eq);
  }

  coefficients(stage: number): number[] {
    this.dsp.eqStageCoefficients(this.eq, stage, this.coefficientsPtr);
    return Array.from(new Float64Array(this.dsp.memory.buffer, this.coefficientsPtr, 5));
  }

  /** Filters both channels in place, one quantum per call. */
  process(left: Float32Array, right: Float32Array, scalar = false): void {
    const run = scalar ? this.dsp.eqProcessScalar : this.dsp.eqProcess;
    for (let start = 0; start < left.length; start += QUANTUM_FRAMES) {
      const frames = Math.min(QUANTUM_FRAMES, left.length - start);
      const memory = this.dsp.memory.buffer;
      new Float32Array(memory, this.left, frames).set(left.subarray(start, start + frames));
      new Float32Array(memory, this.right, frames).set(right.subarray(start, start + frames));
      run(this.eq, this.left, this.right, frames);
      left.set(new Float32Array(memory, this.left, frames), start);
      right.set(new Float32Array(memory, this.right, frames), start);
    }
  }
}

/** |H(e^jw)| in dB of a biquad given as b0, b1, b2, a1, a2 (a0 = 1). */
function coefficientsMagnitudeDb(
  [b0, b1, b2, a1, a2]: number[],
  frequency: number,
  sampleRate: number,
): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const [c1, s1, c2, s2] = [Math.cos(w), Math.sin(w), Math.cos(2 * w), Math.sin(2 * w)];
  const numerator = (b0 + b1 * c1 + b2 * c2) ** 2 + (b1 * s1 + b2 * s2) ** 2;
  const denominator = (1 + a1 * c1 + a2 * c2) ** 2 + (a1 * s1 + a2 * s2) ** 2;
  return 10 * Math.log10(numerator / denominator);
}

/** |sum h[n] e^(-jwn)| in dB: the response measured from an impulse response that has died out. */
function dftMagnitudeDb(h: Float32Array, frequency: number, sampleRate: number, scale = 1): number {
  const w = (2 * Math.PI * frequency) / sampleRate;
  let re = 0;
  let im = 0;
  for (let n = 0; n < h.length; n++) {
    re += h[n] * Math.cos(w * n);
    im -= h[n] * Math.sin(w * n);
  }
  return 20 * Math.log10(Math.hypot(re, im) / scale);
}

/** Steady-state gain in dB of the sine through `eq`, after `settleSeconds` of transient. */
function measuredGainDb(eq: Eq, frequency: number, sampleRate: number, settleSeconds = 0.5): number {
  const settle = Math.round(settleSeconds * sampleRate);
  const measure = Math.round(0.25 * sampleRate);
  const left = sine(settle + measure, frequency, sampleRate, 0.5);
  const right = left.slice();
  eq.process(left, right);
  const input = sine(settle + measure, frequency, sampleRate, 0.5).subarray(settle);
  const inputAmplitude = sineAmplitude(input, frequency, sampleRate);
  const gains = [left, right].map(
    (y) => sineAmplitude(y.subarray(settle), frequency, sampleRate) / inputAmplitude,
  );
  expect(gains[0]).toBe(gains[1]);
  return 20 * Math.log10(gains[0]);
}

function label(s: RbjSettings): string {
  return `${s.kind} ${s.frequency} Hz, Q ${s.q.toFixed(3)}, ${s.gainDb} dB at ${s.sampleRate} Hz`;
}

describe("biquad design (RBJ cookbook)", () => {
  it.each(CASES.map((s) => [label(s), s] as const))(
    "%s: |H| from the coefficients matches the analytic response",
    (_, s) => {
      const coefficients = Eq.designed(s).coefficients(STAGE_OF[s.kind]);
      for (const f of FREQUENCIES) {
        expect(
          Math.abs(coefficientsMagnitudeDb(coefficients, f, s.sampleRate) - rbjMagnitudeDb(s, f)),
        ).toBeLessThan(DB_TOLERANCE);
      }
    },
  );

  it("ignores gain in the high and low pass", () => {
    for (const kind of ["highPass", "lowPass"] as const) {
      const flat = { kind, sampleRate: 48_000, frequency: 700, q: 1.5, gainDb: 0 };
      expect(Eq.designed(flat, { gainDb: 18 }).coefficients(STAGE_OF[kind])).toEqual(
        Eq.designed(flat).coefficients(STAGE_OF[kind]),
      );
    }
  });

  it("clamps frequency to [10 Hz, 0.49 fs], Q to [0.05, 40] and gain to [-36, 36] dB", () => {
    const sampleRate = 44_100;
    const peak = (frequency: number, q: number, gainDb: number): RbjSettings => ({
      kind: "peaking",
      sampleRate,
      frequency,
      q,
      gainDb,
    });
    const pairs: [RbjSettings, RbjSettings][] = [
      [peak(1e9, 1, 6), peak(0.49 * sampleRate, 1, 6)],
      [peak(-5, 1, 6), peak(10, 1, 6)],
      [peak(1_000, 1e6, 6), peak(1_000, 40, 6)],
      [peak(1_000, 0, 6), peak(1_000, 0.05, 6)],
      [peak(1_000, 1, 500), peak(1_000, 1, 36)],
      [peak(1_000, 1, -500), peak(1_000, 1, -36)],
    ];
    for (const [absurd, clamped] of pairs) {
      const coefficients = Eq.designed(absurd).coefficients(STAGE_OF.peaking);
      expect(coefficients).toEqual(Eq.designed(clamped).coefficients(STAGE_OF.peaking));
      for (const f of FREQUENCIES) {
        expect(
          Math.abs(coefficientsMagnitudeDb(coefficients, f, sampleRate) - rbjMagnitudeDb(clamped, f)),
        ).toBeLessThan(DB_TOLERANCE);
      }
    }
  });

  it("keeps the previous value of a NaN or infinite parameter and applies the others", () => {
    const before: RbjSettings = {
      kind: "highShelf",
      sampleRate: 48_000,
      frequency: 4_000,
      q: 0.8,
      gainDb: -9,
    };
    const stage = STAGE_OF.highShelf;
    const eq = Eq.designed(before);
    eq.set(stage, { frequency: Number.NaN, q: 2, gainDb: Number.POSITIVE_INFINITY });
    eq.reset();
    expect(eq.coefficients(stage)).toEqual(Eq.designed({ ...before, q: 2 }).coefficients(stage));
    eq.set(stage, { frequency: Number.NEGATIVE_INFINITY, q: Number.NaN, gainDb: 3 });
    eq.reset();
    expect(eq.coefficients(stage)).toEqual(Eq.designed({ ...before, q: 2, gainDb: 3 }).coefficients(stage));
  });
});

describe("biquad filtering", () => {
  const IMPULSE_FRAMES = 32_768;
  // The f32 output rounds each sample by up to 2^-24 of the impulse (-144 dB); summed by the DFT
  // that is a floor near -120 dB, and 0.05 dB needs the response 45 dB above it.
  const F32_RESOLVED_DB = -80;
  // Settings whose impulse responses die out within IMPULSE_FRAMES, so that the DFT is the response:
  // not the narrow ones at low frequencies (40 Hz at Q 10 decays by only e^-8.6 over 32768 frames).
  const impulseCases = CASES.filter((s) => !(s.q >= 10 && s.frequency < 500));

  it.each(impulseCases.flatMap((s) => [[label(s), "SIMD", s] as const, [label(s), "scalar", s] as const]))(
    "%s: the DFT of the %s impulse response matches the analytic response",
    (_, path, s) => {
      const left = new Float32Array(IMPULSE_FRAMES);
      const right = new Float32Array(IMPULSE_FRAMES);
      left[0] = 1;
      right[0] = -0.25;
      Eq.designed(s).process(left, right, path === "scalar");
      for (const f of FREQUENCIES) {
        const expected = rbjMagnitudeDb(s, f);
        if (expected < F32_RESOLVED_DB) continue;
        expect(Math.abs(dftMagnitudeDb(left, f, s.sampleRate) - expected)).toBeLessThan(DB_TOLERANCE);
        expect(Math.abs(dftMagnitudeDb(right, f, s.sampleRate, 0.25) - expected)).toBeLessThan(DB_TOLERANCE);
      }
    },
  );

  it.each(
    SAMPLE_RATES.flatMap((sampleRate) =>
      (["lowPass", "highPass"] as const).flatMap((kind) =>
        [50, 1_000, 12_000].map((frequency) => [kind, frequency, sampleRate] as const),
      ),
    ),
  )(
    "%s at %i Hz, Q 1/sqrt(2), fs %i Hz: -3.01 dB at the cutoff, designed and measured",
    (kind, frequency, sampleRate) => {
      const s: RbjSettings = { kind, sampleRate, frequency, q: Math.SQRT1_2, gainDb: 0 };
      const halfPowerDb = -10 * Math.log10(2);
      const eq = Eq.designed(s);
      expect(
        Math.abs(
          coefficientsMagnitudeDb(eq.coefficients(STAGE_OF[kind]), frequency, sampleRate) - halfPowerDb,
        ),
      ).toBeLessThan(DB_TOLERANCE);
      expect(Math.abs(measuredGainDb(eq, frequency, sampleRate) - halfPowerDb)).toBeLessThan(DB_TOLERANCE);
    },
  );
});

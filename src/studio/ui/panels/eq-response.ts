// The EQ's magnitude response for the panel's curve: the RBJ cookbook biquads the engine uses
// (high-pass, low shelf, two peaks, high shelf, low-pass), evaluated at a set of frequencies.

import { EQ_BAND_SHAPES, type TrackEq } from "../../../shared/project/index.ts";

const SAMPLE_RATE = 48_000;

type Shape = "highpass" | "lowpass" | "lowShelf" | "highShelf" | "peaking";

interface Biquad {
  readonly b: readonly [number, number, number];
  readonly a: readonly [number, number, number];
}

function design(shape: Shape, frequency: number, q: number, gainDb: number): Biquad {
  const w = (2 * Math.PI * Math.min(frequency, SAMPLE_RATE * 0.49)) / SAMPLE_RATE;
  const cos = Math.cos(w);
  const alpha = Math.sin(w) / (2 * q);
  const A = 10 ** (gainDb / 40);
  switch (shape) {
    case "highpass":
      return { b: [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2], a: [1 + alpha, -2 * cos, 1 - alpha] };
    case "lowpass":
      return { b: [(1 - cos) / 2, 1 - cos, (1 - cos) / 2], a: [1 + alpha, -2 * cos, 1 - alpha] };
    case "peaking":
      return { b: [1 + alpha * A, -2 * cos, 1 - alpha * A], a: [1 + alpha / A, -2 * cos, 1 - alpha / A] };
    case "lowShelf": {
      const s = 2 * Math.sqrt(A) * alpha;
      return {
        b: [
          A * (A + 1 - (A - 1) * cos + s),
          2 * A * (A - 1 - (A + 1) * cos),
          A * (A + 1 - (A - 1) * cos - s),
        ],
        a: [A + 1 + (A - 1) * cos + s, -2 * (A - 1 + (A + 1) * cos), A + 1 + (A - 1) * cos - s],
      };
    }
    case "highShelf": {
      const s = 2 * Math.sqrt(A) * alpha;
      return {
        b: [
          A * (A + 1 + (A - 1) * cos + s),
          -2 * A * (A - 1 + (A + 1) * cos),
          A * (A + 1 + (A - 1) * cos - s),
        ],
        a: [A + 1 - (A - 1) * cos + s, 2 * (A - 1 - (A + 1) * cos), A + 1 - (A - 1) * cos - s],
      };
    }
  }
}

/** |H(e^jw)| in dB. */
function magnitudeDb({ b, a }: Biquad, frequency: number): number {
  const w = (2 * Math.PI * frequency) / SAMPLE_RATE;
  const c1 = Math.cos(w);
  const s1 = Math.sin(w);
  const c2 = Math.cos(2 * w);
  const s2 = Math.sin(2 * w);
  const nr = b[0] + b[1] * c1 + b[2] * c2;
  const ni = -(b[1] * s1 + b[2] * s2);
  const dr = a[0] + a[1] * c1 + a[2] * c2;
  const di = -(a[1] * s1 + a[2] * s2);
  return 10 * Math.log10((nr * nr + ni * ni) / (dr * dr + di * di));
}

/** The EQ's response in dB at each frequency; all zeros when the EQ is off. */
export function eqResponseDb(eq: TrackEq, frequencies: readonly number[]): number[] {
  if (!eq.enabled) return frequencies.map(() => 0);
  const stages: Biquad[] = [];
  if (eq.highPassFilter.enabled)
    stages.push(design("highpass", eq.highPassFilter.frequency, eq.highPassFilter.q, 0));
  for (const band of ["band1", "band2", "band3", "band4"] as const) {
    const stage = eq[band];
    if (stage.enabled) stages.push(design(EQ_BAND_SHAPES[band], stage.frequency, stage.q, stage.gain));
  }
  if (eq.lowPassFilter.enabled)
    stages.push(design("lowpass", eq.lowPassFilter.frequency, eq.lowPassFilter.q, 0));
  return frequencies.map((frequency) =>
    stages.reduce((sum, stage) => sum + magnitudeDb(stage, frequency), 0),
  );
}

/** Frequencies spaced evenly on a log scale from 20 Hz to 20 kHz. */
export const logFrequencies = (count: number): number[] =>
  Array.from({ length: count }, (_, i) => 20 * 1000 ** (i / (count - 1)));

/** A frequency slider's position (0..1) and back, on the same log scale. */
export const frequencyToPosition = (frequency: number): number => Math.log(frequency / 20) / Math.log(1000);
export const positionToFrequency = (position: number): number =>
  20 * 1000 ** Math.min(1, Math.max(0, position));

// The analytic magnitude responses the RBJ Audio EQ Cookbook filters must have. The cookbook
// biquads are bilinear transforms of analog prototypes H(s), with the cutoff prewarped, so the
// digital response at f is the prototype's at s = jW with W = tan(pi f / fs) / tan(pi f0 / fs).
// Computed from the prototypes, not from biquad coefficients, so it checks the design independently.

export type RbjKind = "lowPass" | "highPass" | "peaking" | "lowShelf" | "highShelf";

export interface RbjSettings {
  kind: RbjKind;
  sampleRate: number;
  frequency: number;
  q: number;
  /** Used by peaking and the shelves only. */
  gainDb: number;
}

/** |H| in dB at `frequency` Hz, for 0 < frequency < sampleRate / 2. */
export function rbjMagnitudeDb(s: RbjSettings, frequency: number): number {
  const w = Math.tan((Math.PI * frequency) / s.sampleRate) / Math.tan((Math.PI * s.frequency) / s.sampleRate);
  const w2 = w * w;
  const a = 10 ** (s.gainDb / 40);
  let power: number;
  switch (s.kind) {
    // 1 / (s^2 + s/Q + 1)
    case "lowPass":
      power = 1 / ((1 - w2) ** 2 + (w / s.q) ** 2);
      break;
    // s^2 / (s^2 + s/Q + 1)
    case "highPass":
      power = w2 ** 2 / ((1 - w2) ** 2 + (w / s.q) ** 2);
      break;
    // (s^2 + s A/Q + 1) / (s^2 + s/(A Q) + 1)
    case "peaking":
      power = ((1 - w2) ** 2 + ((w * a) / s.q) ** 2) / ((1 - w2) ** 2 + (w / (a * s.q)) ** 2);
      break;
    // A (s^2 + s sqrt(A)/Q + A) / (A s^2 + s sqrt(A)/Q + 1)
    case "lowShelf":
      power = (a * a * ((a - w2) ** 2 + (a * w2) / s.q ** 2)) / ((1 - a * w2) ** 2 + (a * w2) / s.q ** 2);
      break;
    // A (A s^2 + s sqrt(A)/Q + 1) / (s^2 + s sqrt(A)/Q + A)
    case "highShelf":
      power = (a * a * ((1 - a * w2) ** 2 + (a * w2) / s.q ** 2)) / ((a - w2) ** 2 + (a * w2) / s.q ** 2);
      break;
  }
  return 10 * Math.log10(power);
}

/** `count` frequencies spaced evenly on a log scale from `low` to `high`, both included. */
export function logSpacedFrequencies(low: number, high: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => low * (high / low) ** (i / (count - 1)));
}

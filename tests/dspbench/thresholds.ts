// dspbench's thresholds.json, number for number, and check.py's comparison. Pass levels sit at Rubber
// Band R3's level with a small margin; "poor" levels are those of naive resampling, plain OLA and a
// plain phase vocoder on this material. Stretch ops: x0.8, x1.25; pitch ops: p7, p-5.

export type Threshold =
  | { readonly pass_abs_max: number; readonly poor_abs_min: number }
  | { readonly pass_max: number; readonly poor_min: number }
  | { readonly pass_min: number; readonly poor_max: number };

export const THRESHOLDS = {
  stretch: {
    len_err_samples: { pass_abs_max: 0, poor_abs_min: 1000 },
    lag_ms: { pass_abs_max: 2.0, poor_abs_min: 10 },
    sc_db: { pass_max: -9.0, poor_min: -6.0 },
    lsd_db: { pass_max: 6.5, poor_min: 7.5 },
    rise_excess_ms: { pass_max: 2.0, poor_min: 5.0 },
    pre_echo_excess_db: { pass_max: 1.5, poor_min: 4.0 },
    onset_err_p95_ms: { pass_max: 3.0, poor_min: 8.0 },
  },
  pitch: {
    len_err_samples: { pass_abs_max: 0, poor_abs_min: 1000 },
    lag_ms: { pass_abs_max: 2.0, poor_abs_min: 10 },
    cents_bias_max: { pass_max: 5.0, poor_min: 15.0 },
    cents_wobble_p90_max: { pass_max: 10.0, poor_min: 20.0 },
    tones_snr_db: { pass_min: 18.0, poor_max: 10.0 },
    piano_snr_db: { pass_min: 12.0, poor_max: 6.0 },
    piano_lsd_db: { pass_max: 4.5, poor_min: 7.5 },
  },
} as const satisfies Record<"stretch" | "pitch", Record<string, Threshold>>;

export type StretchMetricName = keyof typeof THRESHOLDS.stretch;
export type PitchMetricName = keyof typeof THRESHOLDS.pitch;

/** check.py's ok(): a missing or NaN value fails. */
export function passes(value: number | null | undefined, t: Threshold): boolean {
  if (value === null || value === undefined || Number.isNaN(value)) return false;
  if ("pass_abs_max" in t) return Math.abs(value) <= t.pass_abs_max;
  if ("pass_max" in t) return value <= t.pass_max;
  return value >= t.pass_min;
}

/** At or beyond the "poor" level (the baselines' level); a missing or NaN value counts as poor. */
export function isPoor(value: number | null | undefined, t: Threshold): boolean {
  if (value === null || value === undefined || Number.isNaN(value)) return true;
  if ("poor_abs_min" in t) return Math.abs(value) >= t.poor_abs_min;
  if ("poor_min" in t) return value >= t.poor_min;
  return value <= t.poor_max;
}

// How levels and fader values map to positions on the studio's meters and faders (0 = bottom, 1 = top).

import { clamp01 } from "./numbers.ts";

/** The bottom of the meter: anything quieter reads as empty. */
export const MIN_METER_DB = -72;
/** The top of the meter: the clip point. */
export const CLIP_DB = 12;
/** Where 0 dBFS sits on the meter. */
export const ZERO_DB_METER_POSITION = 0.75;

// The meter is a power law of the normalised level, position = u^k with u = (dB - MIN) / (CLIP - MIN):
// it spends more height per dB the louder the signal, and k is chosen so 0 dB lands at exactly 3/4.
// Resulting marks: -48 dB at 0.10, -24 at 0.35, -12 at 0.53, -6 at 0.64, 0 at 0.75, +6 at 0.87.
const METER_EXPONENT =
  Math.log(ZERO_DB_METER_POSITION) / Math.log((0 - MIN_METER_DB) / (CLIP_DB - MIN_METER_DB));

/** 20 log10 |gain|: 0 and NaN give -Infinity. */
export function linearToDb(gain: number): number {
  return Number.isNaN(gain) ? -Infinity : 20 * Math.log10(Math.abs(gain));
}

/** 10^(dB / 20): -Infinity and NaN give 0. */
export function dbToLinear(db: number): number {
  return Number.isNaN(db) ? 0 : 10 ** (db / 20);
}

/** Meter height in [0, 1] for a level in dB; below MIN_METER_DB (and NaN) is 0, above CLIP_DB is 1. */
export function dbToMeterPosition(db: number): number {
  const normalised = clamp01((db - MIN_METER_DB) / (CLIP_DB - MIN_METER_DB));
  return normalised ** METER_EXPONENT;
}

/** The level in dB at a meter height, the inverse of dbToMeterPosition; heights outside [0, 1] and NaN are clamped. */
export function meterPositionToDb(position: number): number {
  return MIN_METER_DB + (CLIP_DB - MIN_METER_DB) * clamp01(position) ** (1 / METER_EXPONENT);
}

// Fader travel: a track fader stores amplitude 0..1 (1 = 0 dB), and amplitude = position^3. A linear
// travel would spend its bottom tenth on everything below -20 dB; the cube gives -18 dB at half
// travel, -60 dB at a tenth, and still reaches silence at the bottom.
const FADER_EXPONENT = 3;

/** Amplitude (linear gain, 0..1) for a fader position in [0, 1]; outside positions and NaN are clamped. */
export function faderPositionToAmplitude(position: number): number {
  return clamp01(position) ** FADER_EXPONENT;
}

/** Fader position in [0, 1] for an amplitude, the inverse of faderPositionToAmplitude; clamped like it. */
export function amplitudeToFaderPosition(amplitude: number): number {
  return clamp01(amplitude) ** (1 / FADER_EXPONENT);
}

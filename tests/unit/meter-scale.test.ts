import { describe, expect, it } from "vitest";
import {
  amplitudeToFaderPosition,
  CLIP_DB,
  dbToLinear,
  dbToMeterPosition,
  faderPositionToAmplitude,
  linearToDb,
  MIN_METER_DB,
  meterPositionToDb,
  ZERO_DB_METER_POSITION,
} from "../../src/shared/meter-scale.ts";

/** n + 1 evenly spaced values from `from` to `to`. */
function sweep(from: number, to: number, n: number): number[] {
  return Array.from({ length: n + 1 }, (_, i) => from + ((to - from) * i) / n);
}

function maxRoundTripError(
  values: number[],
  there: (x: number) => number,
  back: (y: number) => number,
): number {
  return Math.max(...values.map((x) => Math.abs(back(there(x)) - x)));
}

describe("linear and dB", () => {
  it("converts the landmarks", () => {
    expect(linearToDb(1)).toBe(0);
    expect(linearToDb(0)).toBe(-Infinity);
    expect(linearToDb(-0.5)).toBeCloseTo(-6.0206, 4);
    expect(linearToDb(Number.NaN)).toBe(-Infinity);
    expect(dbToLinear(0)).toBe(1);
    expect(dbToLinear(-Infinity)).toBe(0);
    expect(dbToLinear(Number.NaN)).toBe(0);
    expect(dbToLinear(20)).toBeCloseTo(10, 12);
  });

  it("round-trips within 1e-9 dB from -120 dB to +24 dB", () => {
    expect(maxRoundTripError(sweep(-120, 24, 1440), dbToLinear, linearToDb)).toBeLessThan(1e-9);
  });
});

describe("meter scale", () => {
  it("spans MIN_METER_DB to CLIP_DB, with 0 dB at three quarters", () => {
    expect(MIN_METER_DB).toBe(-72);
    expect(CLIP_DB).toBe(12);
    expect(dbToMeterPosition(MIN_METER_DB)).toBe(0);
    expect(dbToMeterPosition(CLIP_DB)).toBe(1);
    expect(Math.abs(dbToMeterPosition(0) - ZERO_DB_METER_POSITION)).toBeLessThan(1e-12);
    expect(ZERO_DB_METER_POSITION).toBe(0.75);
    expect(meterPositionToDb(0)).toBe(MIN_METER_DB);
    expect(meterPositionToDb(1)).toBe(CLIP_DB);
  });

  it("rises strictly, giving more height per dB towards the top", () => {
    const dbs = sweep(MIN_METER_DB, CLIP_DB, 840);
    const positions = dbs.map(dbToMeterPosition);
    const steps = positions.slice(1).map((p, i) => p - positions[i]);
    for (const step of steps) expect(step).toBeGreaterThan(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]);
    // The six dB under 0 dB get over ten times the height of the bottom six.
    expect(dbToMeterPosition(0) - dbToMeterPosition(-6)).toBeGreaterThan(
      10 * (dbToMeterPosition(-66) - dbToMeterPosition(-72)),
    );
  });

  it("round-trips dB -> position -> dB and position -> dB -> position within 1e-9", () => {
    expect(
      maxRoundTripError(sweep(MIN_METER_DB, CLIP_DB, 8400), dbToMeterPosition, meterPositionToDb),
    ).toBeLessThan(1e-9);
    expect(maxRoundTripError(sweep(0, 1, 10_000), meterPositionToDb, dbToMeterPosition)).toBeLessThan(1e-9);
  });

  it("clamps out-of-range and NaN inputs", () => {
    expect(dbToMeterPosition(-200)).toBe(0);
    expect(dbToMeterPosition(-Infinity)).toBe(0);
    expect(dbToMeterPosition(Number.NaN)).toBe(0);
    expect(dbToMeterPosition(40)).toBe(1);
    expect(dbToMeterPosition(Infinity)).toBe(1);
    expect(meterPositionToDb(-0.5)).toBe(MIN_METER_DB);
    expect(meterPositionToDb(Number.NaN)).toBe(MIN_METER_DB);
    expect(meterPositionToDb(1.5)).toBe(CLIP_DB);
    expect(meterPositionToDb(Infinity)).toBe(CLIP_DB);
  });
});

describe("fader law", () => {
  it("maps the ends to silence and unity, half travel to -18 dB", () => {
    expect(faderPositionToAmplitude(0)).toBe(0);
    expect(faderPositionToAmplitude(1)).toBe(1);
    expect(amplitudeToFaderPosition(0)).toBe(0);
    expect(amplitudeToFaderPosition(1)).toBe(1);
    expect(linearToDb(faderPositionToAmplitude(0.5))).toBeCloseTo(-18.06, 2);
    expect(linearToDb(faderPositionToAmplitude(0.1))).toBeCloseTo(-60, 9);
  });

  it("rises strictly and round-trips within 1e-9", () => {
    const positions = sweep(0, 1, 1000);
    const amplitudes = positions.map(faderPositionToAmplitude);
    for (let i = 1; i < amplitudes.length; i++) expect(amplitudes[i]).toBeGreaterThan(amplitudes[i - 1]);
    expect(maxRoundTripError(positions, faderPositionToAmplitude, amplitudeToFaderPosition)).toBeLessThan(
      1e-9,
    );
    expect(
      maxRoundTripError(sweep(0, 1, 1000), amplitudeToFaderPosition, faderPositionToAmplitude),
    ).toBeLessThan(1e-9);
  });

  it("clamps out-of-range and NaN inputs", () => {
    expect(faderPositionToAmplitude(-1)).toBe(0);
    expect(faderPositionToAmplitude(Number.NaN)).toBe(0);
    expect(faderPositionToAmplitude(2)).toBe(1);
    expect(amplitudeToFaderPosition(-0.1)).toBe(0);
    expect(amplitudeToFaderPosition(Number.NaN)).toBe(0);
    expect(amplitudeToFaderPosition(4)).toBe(1);
  });
});

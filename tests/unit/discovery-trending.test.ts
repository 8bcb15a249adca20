import { describe, expect, it } from "vitest";
import {
  HEAT_PER_SECOND,
  logAddExp,
  logSubExp,
  scoreAt,
  signalHeat,
  TRENDING_HALF_LIFE_HOURS,
} from "../../src/shared/discovery/trending.ts";

const HOUR = 3600;

describe("trending heat", () => {
  it("halves a signal's score every half-life", () => {
    const at = 1_800_000_000;
    const heat = signalHeat(4, at);
    expect(scoreAt(heat, at)).toBeCloseTo(4, 10);
    expect(scoreAt(heat, at + TRENDING_HALF_LIFE_HOURS * HOUR)).toBeCloseTo(2, 10);
    expect(scoreAt(heat, at + 3 * TRENDING_HALF_LIFE_HOURS * HOUR)).toBeCloseTo(0.5, 10);
  });

  it("sums signals in log space, whatever their times", () => {
    const at = 1_800_000_000;
    const summed = logAddExp(signalHeat(4, at), signalHeat(2, at - 36 * HOUR));
    expect(scoreAt(summed, at)).toBeCloseTo(5, 10);
    // Far apart: no overflow, the larger one stands.
    expect(logAddExp(10_000, 1)).toBe(10_000);
    expect(Number.isFinite(logAddExp(signalHeat(1, 4e9), signalHeat(1, 0)))).toBe(true);
  });

  it("withdraws a signal, never below the floor", () => {
    const at = 1_800_000_000;
    const base = signalHeat(2, at);
    const liked = logAddExp(base, signalHeat(4, at));
    expect(scoreAt(logSubExp(liked, signalHeat(4, at), base), at)).toBeCloseTo(2, 10);
    expect(logSubExp(base, signalHeat(4, at), base)).toBe(base);
  });

  it("keeps the order of two songs as time passes", () => {
    const a = signalHeat(10, 1_000_000);
    const b = signalHeat(3, 1_000_000 + 40 * HOUR);
    const order = (now: number) => Math.sign(scoreAt(a, now) - scoreAt(b, now));
    expect(order(2_000_000)).toBe(order(9_000_000));
    expect(HEAT_PER_SECOND).toBeGreaterThan(0);
  });
});

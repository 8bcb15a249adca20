import { describe, expect, it } from "vitest";
import { clamp, clamp01 } from "../../src/shared/numbers.ts";

describe("clamp", () => {
  it("keeps values inside the range and moves others to the nearer end", () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-3, 0, 10)).toBe(0);
    expect(clamp(12, 0, 10)).toBe(10);
    expect(clamp(-Infinity, -1, 1)).toBe(-1);
    expect(clamp(Infinity, -1, 1)).toBe(1);
  });

  it("leaves NaN as NaN, for the caller to refuse", () => {
    expect(clamp(Number.NaN, 0, 1)).toBeNaN();
  });
});

describe("clamp01", () => {
  it("limits a fraction to 0..1 and reads NaN as 0", () => {
    expect(clamp01(0.25)).toBe(0.25);
    expect(clamp01(-0.5)).toBe(0);
    expect(clamp01(1.5)).toBe(1);
    expect(clamp01(Number.NaN)).toBe(0);
  });
});

// The DSP load meter's figure: the engine's time inside its callback per quantum against the
// quantum's budget, averaged over the latest batches of the worklet's ring.

import { describe, expect, it } from "vitest";
import { averageLoad, quantumBudgetMicros } from "../../src/engine/dsp-load.ts";

describe("the DSP load figure", () => {
  it("a quantum of 128 frames at 48 kHz has 2,666.7 µs of budget", () => {
    expect(quantumBudgetMicros(48_000)).toBeCloseTo(2666.667, 2);
  });

  it("reads 0 before the worklet has closed a batch", () => {
    expect(averageLoad(new Float32Array(8), 0, 2, 1000)).toBe(0);
  });

  it("averages the last batches written, against the budget", () => {
    const costs = new Float32Array([100, 200, 300, 400, 0, 0, 0, 0]);
    expect(averageLoad(costs, 4, 2, 1000)).toBeCloseTo(0.35, 10);
    expect(averageLoad(costs, 1, 2, 1000)).toBeCloseTo(0.1, 10);
  });

  it("reads the ring across its wrap", () => {
    // Ten batches in a ring of four: batches 8 and 9 sit in slots 0 and 1.
    const costs = new Float32Array([800, 900, 600, 700]);
    expect(averageLoad(costs, 10, 2, 1000)).toBeCloseTo(0.85, 10);
    expect(averageLoad(costs, 10, 3, 1000)).toBeCloseTo(0.8, 10);
  });

  it("an idle engine costing 10 µs a quantum reads well under 1 %", () => {
    expect(averageLoad(new Float32Array([10, 10]), 2, 2, quantumBudgetMicros(48_000))).toBeLessThan(0.01);
  });
});

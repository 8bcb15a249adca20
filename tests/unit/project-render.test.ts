import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { renderProject } from "../../src/engine/project-render.ts";
import { demoSources } from "../demo-sources.ts";
import { newDsp } from "../dsp-wasm.ts";

const RATE = 48_000;

describe("project render (export)", () => {
  it("renders from the start to the end of the last clip, without the transport loop", () => {
    const { left, right } = renderProject(newDsp(), demoProject(), demoSources(RATE), RATE);
    // 64 beats at 2 beats per second.
    expect(left.length).toBe(32 * RATE);
    expect(right.length).toBe(32 * RATE);
    // With the loop on, 24 s would repeat 8 s; exported, the song goes on to its last section.
    let difference = 0;
    for (let i = 0; i < RATE; i++)
      difference = Math.max(difference, Math.abs(left[24 * RATE + i] - left[8 * RATE + i]));
    expect(difference).toBeGreaterThan(0.01);
  });

  it("converts sources at another rate on the way in", () => {
    const at44 = demoSources(44_100);
    const { left } = renderProject(newDsp(), demoProject(), at44, RATE);
    expect(left.length).toBe(32 * RATE);
    expect(left.every(Number.isFinite)).toBe(true);
    const rms = Math.sqrt(left.reduce((sum, x) => sum + x * x, 0) / left.length);
    expect(rms).toBeGreaterThan(0.02);
  });
});

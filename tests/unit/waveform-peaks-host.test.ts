import { describe, expect, it } from "vitest";
import { buildWaveformPeaks } from "../../src/engine/waveform-peaks.ts";
import { newDsp } from "../dsp-wasm.ts";

describe("waveform peaks from the host", () => {
  it("returns every level, halving down to one block, with exact min and max", () => {
    const frames = 256 * 10 + 17;
    const pcm = Float32Array.from({ length: frames }, (_, i) => Math.sin(i / 37) * (i / frames));
    const { baseBlock, levels } = buildWaveformPeaks(newDsp(), pcm);
    expect(baseBlock).toBe(256);
    expect(levels.map((level) => level.length / 2)).toEqual([11, 6, 3, 2, 1]);
    const block = (start: number, length: number) => pcm.subarray(start, Math.min(frames, start + length));
    for (let k = 0; k < levels[0].length / 2; k++) {
      const values = Array.from(block(k * 256, 256));
      expect(levels[0][2 * k]).toBe(Math.min(...values));
      expect(levels[0][2 * k + 1]).toBe(Math.max(...values));
    }
    const all = Array.from(pcm);
    expect(levels.at(-1)).toEqual(Float32Array.from([Math.min(...all), Math.max(...all)]));
  });

  it("has no levels for no audio", () => {
    expect(buildWaveformPeaks(newDsp(), new Float32Array(0)).levels).toEqual([]);
  });
});

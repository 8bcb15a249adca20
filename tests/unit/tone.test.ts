import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";
import { maxAbsDifference, referenceTone } from "../tone-reference.ts";

function renderTone(sampleRate: number, frequencyHz: number, gain: number, quanta: number): Float32Array {
  const dsp = newDsp();
  dsp.toneReset(sampleRate, frequencyHz, gain);
  const block = new Float32Array(dsp.memory.buffer, dsp.toneOutputPtr(), QUANTUM_FRAMES);
  const out = new Float32Array(quanta * QUANTUM_FRAMES);
  for (let q = 0; q < quanta; q++) {
    dsp.toneRender();
    out.set(block, q * QUANTUM_FRAMES);
  }
  return out;
}

describe("wasm tone", () => {
  it.each([
    [48_000, 440, 0.25],
    [44_100, 1_000, 0.5],
    [96_000, 12_345.6, 1],
  ])(
    "matches gain * sin(2 pi f n / sr) at %i Hz, f = %d, gain %d, for 10 s",
    (sampleRate, frequency, gain) => {
      const quanta = Math.ceil((10 * sampleRate) / QUANTUM_FRAMES);
      const rendered = renderTone(sampleRate, frequency, gain, quanta);
      const reference = referenceTone(rendered.length, sampleRate, frequency, gain);
      // Float32 output carries about 6e-8 relative rounding; phase kept in f64 adds no drift over 10 s.
      expect(maxAbsDifference(rendered, reference)).toBeLessThan(1e-6 * gain);
    },
  );

  it("starts again from zero phase after a reset", () => {
    const first = renderTone(48_000, 440, 0.25, 3);
    const second = renderTone(48_000, 440, 0.25, 3);
    expect(Array.from(second)).toEqual(Array.from(first));
    expect(first[0]).toBe(0);
  });
});

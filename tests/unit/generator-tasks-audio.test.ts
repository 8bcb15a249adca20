import { describe, expect, it } from "vitest";
import type { PcmAudio, ReferenceClip } from "../../src/generator/song-request.ts";
import { concatHistory } from "../../src/generator/tasks/concat.ts";
import { changeSpeed } from "../../src/generator/tasks/speed.ts";
import { joinAt, replaceRange } from "../../src/generator/tasks/splice.ts";
import { newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";
import { toneFrequency } from "../sine.ts";

const RATE = 48000;
const dsp = newDsp();

function sine(frequency: number, seconds: number, gain = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let n = 0; n < out.length; n++) out[n] = gain * Math.sin((2 * Math.PI * frequency * n) / RATE);
  return out;
}

const stereo = (left: Float32Array, right = left): PcmAudio => ({
  sampleRate: RATE,
  channels: [left, right],
});

/** Bit-identical samples (a byte comparison: deep equality on long arrays is slow). */
function bytesEqual(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

const cents = (f: number, reference: number) => 1200 * Math.log2(f / reference);

/** Largest absolute difference over [from, to), in dB re full scale. */
function maxDifferenceDb(a: Float32Array, b: Float32Array, from: number, to: number): number {
  let max = 0;
  for (let n = from; n < to; n++) max = Math.max(max, Math.abs(a[n] - b[n]));
  return 20 * Math.log10(max);
}

function rms(x: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let n = from; n < to; n++) sum += x[n] * x[n];
  return Math.sqrt(sum / (to - from));
}

describe("speed", () => {
  it.each([0.25, 0.5, 0.8, 1.25, 2, 4])(
    "x%s keeping the pitch: duration / multiplier, pitch within 10 cents",
    (m) => {
      const input = stereo(sine(440, 4));
      const out = changeSpeed(dsp, input, m, true);
      expect(out.channels[0].length).toBe(Math.round(input.channels[0].length / m));
      const seconds = out.channels[0].length / RATE;
      const f = toneFrequency(out.channels[0], 0.2 * seconds, 0.8 * seconds, RATE);
      expect(Math.abs(cents(f, 440))).toBeLessThan(10);
    },
  );

  it.each([0.25, 0.5, 1.5, 4])("x%s as a resample: the pitch moves with the speed", (m) => {
    const input = stereo(sine(220, 4));
    const out = changeSpeed(dsp, input, m, false);
    expect(Math.abs(out.channels[0].length - input.channels[0].length / m)).toBeLessThan(64);
    const seconds = out.channels[0].length / RATE;
    const f = toneFrequency(out.channels[0], 0.2 * seconds, 0.8 * seconds, RATE);
    expect(Math.abs(cents(f, 220 * m))).toBeLessThan(1);
  });

  it("refuses a multiplier out of range", () => {
    expect(() => changeSpeed(dsp, stereo(sine(220, 1)), 5, true)).toThrow("between 0.25 and 4");
    expect(() => changeSpeed(dsp, stereo(sine(220, 1)), 0, false)).toThrow("between 0.25 and 4");
  });
});

describe("joins", () => {
  it("keeps the first part bit-identical up to the join, then the new material", () => {
    const first = stereo(whiteNoise(3 * RATE, 1), whiteNoise(3 * RATE, 2));
    const second = stereo(sine(330, 5), sine(330, 5));
    const at = Math.round(1.7 * RATE);
    const out = joinAt(first, second, at, 2400);
    expect(out.channels[0].length).toBe(5 * RATE);
    expect(bytesEqual(out.channels[0].subarray(0, at), first.channels[0].subarray(0, at))).toBe(true);
    expect(bytesEqual(out.channels[1].subarray(0, at), first.channels[1].subarray(0, at))).toBe(true);
    expect(bytesEqual(out.channels[0].subarray(at + 2400), second.channels[0].subarray(at + 2400))).toBe(
      true,
    );
  });

  it("crossfades unrelated material at equal power and identical material at unity gain", () => {
    // Two unrelated noises of equal level: equal power keeps the level through the fade.
    const a = stereo(whiteNoise(2 * RATE, 3));
    const b = stereo(whiteNoise(2 * RATE, 4));
    const at = RATE;
    const fade = 9600;
    const mixed = joinAt(a, b, at, fade);
    const level = rms(a.channels[0], at, at + fade);
    expect(Math.abs(20 * Math.log10(rms(mixed.channels[0], at + 3600, at + 6000) / level))).toBeLessThan(0.5);
    // The same signal on both sides (a re-render of the same notes) passes through unchanged.
    const tone = stereo(sine(500, 2));
    const same = joinAt(tone, tone, at, fade);
    expect(maxDifferenceDb(same.channels[0], tone.channels[0], 0, 2 * RATE)).toBeLessThan(-100);
  });

  it("replaces a range, keeping everything outside it within -60 dB (here bit-identical)", () => {
    const source = stereo(whiteNoise(6 * RATE, 5), whiteNoise(6 * RATE, 6));
    const replacement = stereo(sine(660, 6), sine(660, 6));
    const from = 2 * RATE;
    const to = 4 * RATE;
    const out = replaceRange(source, replacement, from, to, 2400);
    for (let c = 0; c < 2; c++) {
      expect(bytesEqual(out.channels[c].subarray(0, from), source.channels[c].subarray(0, from))).toBe(true);
      expect(bytesEqual(out.channels[c].subarray(to), source.channels[c].subarray(to))).toBe(true);
      expect(
        bytesEqual(
          out.channels[c].subarray(from + 2400, to - 2400),
          replacement.channels[c].subarray(from + 2400, to - 2400),
        ),
      ).toBe(true);
    }
  });

  it("joins a history at its continue points", () => {
    const clip = (audio: PcmAudio, id: string): ReferenceClip => ({
      clipId: id,
      audio,
      score: null,
      tags: "",
      lyrics: "",
    });
    const root = stereo(sine(220, 4));
    // An extend holds its source's audio up to the continue point, then its own.
    const extendAt = 3 * RATE;
    const extended = new Float32Array(7 * RATE);
    extended.set(root.channels[0].subarray(0, extendAt));
    extended.set(sine(330, 4), extendAt);
    const full = concatHistory([
      { clip: clip(root, "a"), continueAt: null },
      { clip: clip(stereo(extended), "b"), continueAt: 3 },
    ]);
    expect(full.channels[0].length).toBe(7 * RATE);
    expect(bytesEqual(full.channels[0].subarray(0, extendAt), root.channels[0].subarray(0, extendAt))).toBe(
      true,
    );
    expect(bytesEqual(full.channels[1].subarray(extendAt + 2400), extended.subarray(extendAt + 2400))).toBe(
      true,
    );
  });
});

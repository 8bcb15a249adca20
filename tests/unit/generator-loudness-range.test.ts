import { describe, expect, it } from "vitest";
import { loudnessRange } from "../../src/generator/render/loudness.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { ffmpegEbur128 } from "../generator-mix-measures.ts";
import { whiteNoise } from "../noise.ts";

const RATE = 48000;
const dsp = newDsp();

/** Noise in passages of `seconds` each at these levels (dB), a 1 kHz tone under it so the sides differ. */
function passages(levelsDb: readonly number[], seconds: number): PcmAudio {
  const each = seconds * RATE;
  const left = whiteNoise(each * levelsDb.length, 1);
  const right = whiteNoise(each * levelsDb.length, 2);
  levelsDb.forEach((db, p) => {
    const gain = 0.3 * 10 ** (db / 20);
    for (let i = p * each; i < (p + 1) * each; i++) {
      const tone = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / RATE);
      left[i] = gain * (left[i] + tone);
      right[i] = gain * (right[i] + tone);
    }
  });
  return { sampleRate: RATE, channels: [left, right] };
}

describe("loudness range (EBU R128 LRA)", () => {
  it("reads what ffmpeg's ebur128 reads, for steady and sectioned audio", () => {
    for (const levels of [[0], [-8, 0, -4, 0], [-12, -6, 0, -3, -15]]) {
      const audio = passages(levels, 6);
      const ours = loudnessRange(dsp, audio);
      const ffmpeg = ffmpegEbur128(audio).lra;
      expect(Math.abs(ours - ffmpeg)).toBeLessThan(0.6);
    }
  });

  it("is 0 for audio shorter than one short-term window or silent", () => {
    expect(loudnessRange(dsp, passages([0], 2))).toBe(0);
    expect(
      loudnessRange(dsp, {
        sampleRate: RATE,
        channels: [new Float32Array(RATE * 5), new Float32Array(RATE * 5)],
      }),
    ).toBe(0);
  });
});

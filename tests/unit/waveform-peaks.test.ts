import { describe, expect, it } from "vitest";
import { newDsp } from "../dsp-wasm.ts";

const BASE_BLOCK = 256;

/** The mipmap spelled out: level 0 over blocks of 256 finite samples, then pairs of the level below. */
function referencePeaks(pcm: Float32Array): Float32Array[] {
  const levels: Float32Array[] = [];
  if (pcm.length === 0) return levels;
  const blocks = Math.ceil(pcm.length / BASE_BLOCK);
  let level = new Float32Array(blocks * 2);
  for (let b = 0; b < blocks; b++) {
    let low = Infinity;
    let high = -Infinity;
    for (const x of pcm.subarray(b * BASE_BLOCK, (b + 1) * BASE_BLOCK)) {
      if (!Number.isFinite(x)) continue;
      low = Math.min(low, x);
      high = Math.max(high, x);
    }
    const empty = low > high;
    level[2 * b] = empty ? 0 : low;
    level[2 * b + 1] = empty ? 0 : high;
  }
  levels.push(level);
  while (level.length > 2) {
    const below = level;
    const count = Math.ceil(below.length / 4);
    level = new Float32Array(count * 2);
    for (let b = 0; b < count; b++) {
      const last = Math.min(2 * b + 1, below.length / 2 - 1);
      level[2 * b] = Math.min(below[4 * b], below[2 * last]);
      level[2 * b + 1] = Math.max(below[4 * b + 1], below[2 * last + 1]);
    }
    levels.push(level);
  }
  return levels;
}

/** Runs peaksBuild and splits its output into levels with peaksLevelOffset. */
function wasmPeaks(pcm: Float32Array): Float32Array[] {
  const dsp = newDsp();
  const frames = pcm.length;
  const pairs = dsp.peaksTotalPairs(frames);
  const input = dsp.alloc(Math.max(4, frames * 4));
  const output = dsp.alloc(Math.max(8, pairs * 8));
  new Float32Array(dsp.memory.buffer, input, frames).set(pcm);
  dsp.peaksBuild(input, frames, output);
  const all = new Float32Array(dsp.memory.buffer, output, pairs * 2);
  const levels: Float32Array[] = [];
  for (let l = 0; l < dsp.peaksLevelCount(frames); l++) {
    levels.push(all.slice(2 * dsp.peaksLevelOffset(frames, l), 2 * dsp.peaksLevelOffset(frames, l + 1)));
  }
  return levels;
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("waveform peaks", () => {
  it("declares 256-frame base blocks", () => {
    expect(newDsp().peaksBaseBlock()).toBe(BASE_BLOCK);
  });

  it.each([1, 255, 256, 257, 512, 513, 1_000, 65_536, 65_537, 480_000])(
    "sizes %i frames as the reference does",
    (frames) => {
      const dsp = newDsp();
      const levels = referencePeaks(new Float32Array(frames));
      expect(dsp.peaksLevelCount(frames)).toBe(levels.length);
      expect(dsp.peaksTotalPairs(frames)).toBe(levels.reduce((sum, level) => sum + level.length / 2, 0));
      expect(dsp.peaksLevelOffset(frames, 0)).toBe(0);
      expect(dsp.peaksLevelOffset(frames, levels.length)).toBe(dsp.peaksTotalPairs(frames));
      expect(dsp.peaksLevelOffset(frames, levels.length + 1)).toBe(-1);
      expect(dsp.peaksLevelOffset(frames, -1)).toBe(-1);
      expect(levels[levels.length - 1].length).toBe(2);
    },
  );

  it.each([123_457, 256 * 64, 700])("matches the reference exactly on %i frames of random data", (frames) => {
    const random = seededRandom(frames);
    const pcm = Float32Array.from({ length: frames }, () => 2 * random() - 1);
    expect(wasmPeaks(pcm)).toEqual(referencePeaks(pcm));
  });

  it("matches the reference exactly on a sine with a partial last block", () => {
    const pcm = Float32Array.from(
      { length: 48_000 + 77 },
      (_, n) => 0.8 * Math.sin((2 * Math.PI * 220 * n) / 48_000),
    );
    const levels = wasmPeaks(pcm);
    expect(levels).toEqual(referencePeaks(pcm));
    const top = levels[levels.length - 1];
    expect(top[0]).toBe(Math.min(...pcm));
    expect(top[1]).toBe(Math.max(...pcm));
  });

  it("covers a partial last block with only the frames it has", () => {
    const pcm = new Float32Array(256 + 3).fill(-0.5);
    pcm.set([0.25, 0.125, 0.75], 256);
    expect(wasmPeaks(pcm)).toEqual([Float32Array.of(-0.5, -0.5, 0.125, 0.75), Float32Array.of(-0.5, 0.75)]);
  });

  it("writes nothing for 0 frames", () => {
    const dsp = newDsp();
    expect(dsp.peaksLevelCount(0)).toBe(0);
    expect(dsp.peaksTotalPairs(0)).toBe(0);
    expect(dsp.peaksLevelOffset(0, 0)).toBe(0);
    const output = dsp.alloc(8);
    new Float32Array(dsp.memory.buffer, output, 2).fill(7);
    dsp.peaksBuild(0, 0, output);
    expect(Array.from(new Float32Array(dsp.memory.buffer, output, 2))).toEqual([7, 7]);
  });

  it("skips NaN and infinite samples, and reads a block with none finite as silence", () => {
    const random = seededRandom(9);
    const pcm = Float32Array.from({ length: 256 * 5 + 10 }, () => 2 * random() - 1);
    for (let n = 0; n < pcm.length; n += 7) pcm[n] = [Number.NaN, Infinity, -Infinity][n % 3];
    pcm.fill(Number.NaN, 256 * 2, 256 * 3);
    const levels = wasmPeaks(pcm);
    expect(levels).toEqual(referencePeaks(pcm));
    for (const level of levels) for (const value of level) expect(Number.isFinite(value)).toBe(true);
    expect(Array.from(levels[0].subarray(4, 6))).toEqual([0, 0]);
  });
});

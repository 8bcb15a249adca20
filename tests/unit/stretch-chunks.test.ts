// A tempo-only speed change stretched in chunks (as the generator's threads do it) against the same
// stretch in one piece: the same length, no click at the joins (no step between samples larger than
// the whole stretch's own), and the same level at the joins and within each chunk.
import { describe, expect, it } from "vitest";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { changeSpeed } from "../../src/generator/tasks/speed.ts";
import { sliceAudio } from "../../src/generator/tasks/splice.ts";
import {
  CHUNK_JOIN_SECONDS,
  joinStretched,
  MIN_CHUNK_SECONDS,
  stretchChunks,
} from "../../src/generator/tasks/stretch-chunks.ts";
import { newDsp } from "../dsp-wasm.ts";
import { sine } from "../sine.ts";

const RATE = 48_000;
const MULTIPLIER = 0.9;
const dsp = newDsp();

/** A held chord under a melody whose notes change every quarter second, stereo. */
function music(seconds: number): PcmAudio {
  const frames = Math.round(seconds * RATE);
  const chord = [220, 277.18, 329.63].map((hz) => sine(frames, hz, RATE, 0.15));
  const notes = [440, 494, 523, 587, 659, 587, 523, 494];
  const left = new Float32Array(frames);
  const note = Math.round(RATE / 4);
  for (let n = 0; n < frames; n++) {
    const hz = notes[Math.floor(n / note) % notes.length];
    const envelope = Math.min(1, (n % note) / 240, (note - (n % note)) / 240);
    left[n] =
      chord[0][n] + chord[1][n] + chord[2][n] + 0.2 * envelope * Math.sin((2 * Math.PI * hz * n) / RATE);
  }
  return { sampleRate: RATE, channels: [left, left.map((x) => 0.8 * x)] };
}

function largestStep(x: Float32Array, from: number, to: number): number {
  let step = 0;
  for (let n = Math.max(1, from); n < Math.min(to, x.length); n++)
    step = Math.max(step, Math.abs(x[n] - x[n - 1]));
  return step;
}

function rmsDb(x: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let n = from; n < to; n++) sum += x[n] * x[n];
  return 10 * Math.log10(sum / (to - from));
}

describe("a tempo-only stretch in chunks", () => {
  const seconds = 3 * MIN_CHUNK_SECONDS + 1;
  const audio = music(seconds);
  const frames = audio.channels[0].length;
  const chunks = stretchChunks(frames, 3, RATE);
  const whole = changeSpeed(dsp, audio, MULTIPLIER, true);
  const joined = joinStretched(
    chunks,
    chunks.map((chunk) => changeSpeed(dsp, sliceAudio(audio, chunk.padFrom, chunk.padTo), MULTIPLIER, true)),
    frames,
    1 / MULTIPLIER,
  );
  const joins = chunks.slice(0, -1).map((chunk) => Math.round(chunk.to / MULTIPLIER));

  it("cuts the song into consecutive chunks, none shorter than the minimum", () => {
    expect(chunks).toHaveLength(3);
    expect(chunks[0].from).toBe(0);
    expect(chunks[2].to).toBe(frames);
    for (let k = 1; k < chunks.length; k++) expect(chunks[k].from).toBe(chunks[k - 1].to);
    expect(stretchChunks(Math.round(1.5 * MIN_CHUNK_SECONDS * RATE), 4, RATE)).toHaveLength(1);
  });

  it("is as long as the stretch in one piece", () => {
    expect(joined.channels).toHaveLength(2);
    for (const c of [0, 1]) expect(joined.channels[c].length).toBe(whole.channels[c].length);
  });

  it("has no step at the joins larger than the whole stretch's own", () => {
    const own = largestStep(whole.channels[0], 0, whole.channels[0].length);
    const around = Math.round(CHUNK_JOIN_SECONDS * RATE);
    for (const at of joins) {
      for (const c of [0, 1]) {
        expect(largestStep(joined.channels[c], at - around, at + around)).toBeLessThanOrEqual(1.05 * own);
      }
    }
  });

  it("keeps the level at the joins and within each chunk (no dip, no bump)", () => {
    const windows = [
      ...joins.map((at) => [at - 2400, at + 2400]),
      ...chunks.map((chunk) => {
        const middle = Math.round(((chunk.from + chunk.to) / 2) * (1 / MULTIPLIER));
        return [middle - RATE / 2, middle + RATE / 2];
      }),
    ];
    for (const [from, to] of windows) {
      expect(Math.abs(rmsDb(joined.channels[0], from, to) - rmsDb(whole.channels[0], from, to))).toBeLessThan(
        0.5,
      );
    }
  });
});

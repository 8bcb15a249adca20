// Crop and fade cut from a song's stored 16-bit bytes give the audio the decoded path gives (within
// the dither of the few re-encoded samples), keep every other sample's bytes, and are refused for
// stored audio they cannot cut (another format, another rate, mono).
import { describe, expect, it } from "vitest";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import {
  cropRanges,
  EDIT_JOIN_SECONDS,
  fadeOutEnd,
  spliceSegments,
} from "../../src/generator/tasks/edit-audio.ts";
import { pcm16Audio, splicePcm16 } from "../../src/generator/tasks/pcm16-splice.ts";
import { cuttable } from "../../src/generator/tasks/stored-cut.ts";
import { decodeWav, encodeWav } from "../../src/shared/audio/wav.ts";
import { sine } from "../sine.ts";

const RATE = 48_000;
const JOIN = Math.round(EDIT_JOIN_SECONDS * RATE);
const LSB = 1 / 32768;

/** Two seconds of stereo on the 16-bit grid, as a generated song's file holds it. */
function storedSong(): { audio: PcmAudio; bytes: Uint8Array } {
  // Plus zero: a WAV has no negative zero, so the decoded grid must not hold one either.
  const grid = (x: Float32Array) => x.map((v) => Math.round(v * 32768) / 32768 + 0);
  const left = grid(sine(2 * RATE, 440, RATE, 0.5));
  const right = grid(sine(2 * RATE, 660, RATE, 0.3));
  const audio = { sampleRate: RATE, channels: [left, right] };
  return { audio, bytes: new Uint8Array(encodeWav(audio, "pcm16", { keepGridSamples: true })) };
}

function decodedCut(audio: PcmAudio, ranges: readonly { from: number; to: number }[], fadeSeconds: number) {
  return fadeOutEnd(spliceSegments(ranges.map((range) => ({ audio, ...range }))), fadeSeconds);
}

const decode = (bytes: Uint8Array) => decodeWav(bytes.slice().buffer);

function largestDifference(a: PcmAudio, b: PcmAudio): number {
  let worst = 0;
  for (let c = 0; c < a.channels.length; c++) {
    for (let n = 0; n < a.channels[c].length; n++) {
      worst = Math.max(worst, Math.abs(a.channels[c][n] - b.channels[c][n]));
    }
  }
  return worst;
}

describe("a crop or fade cut from stored 16-bit bytes", () => {
  const { audio, bytes } = storedSong();
  const stored = pcm16Audio(bytes);
  if (!stored) throw new Error("the test song is not a 16-bit WAV");
  const frames = audio.channels[0].length;

  const cases = [
    { name: "keep a range", ranges: cropRanges(frames, 19_790, 72_370, false), fade: 0 },
    { name: "remove a range, then fade out", ranges: cropRanges(frames, 24_149, 60_091, true), fade: 0.3 },
    { name: "fade out the whole song", ranges: [{ from: 0, to: frames }], fade: 0.5 },
  ];
  for (const { name, ranges, fade } of cases) {
    it(`${name}: the decoded path's audio, to the dither of re-encoded samples`, () => {
      const fromBytes = decode(splicePcm16(stored, ranges, Math.round(fade * RATE)));
      const fromDecoded = decodedCut(audio, ranges, fade);
      expect(fromBytes.sampleRate).toBe(RATE);
      expect(fromBytes.channels[0].length).toBe(fromDecoded.channels[0].length);
      expect(largestDifference(fromBytes, fromDecoded)).toBeLessThanOrEqual(1.5 * LSB);
    });
  }

  it("keeps the bytes of every sample away from the joins, the cut edges and the fade", () => {
    const ranges = cropRanges(frames, 24_149, 60_091, true);
    const out = decode(splicePcm16(stored, ranges, 0));
    const join = ranges[0].to;
    for (const c of [0, 1]) {
      expect(out.channels[c].subarray(0, join - JOIN)).toEqual(audio.channels[c].subarray(0, join - JOIN));
      expect(out.channels[c].subarray(join + JOIN)).toEqual(
        audio.channels[c].subarray(ranges[1].from + JOIN),
      );
    }
  });

  it("leaves its source's bytes as they were", () => {
    const before = bytes.slice();
    splicePcm16(stored, cropRanges(frames, 1000, 50_000, true), 24_000);
    expect(bytes).toEqual(before);
  });

  it("is refused for stored audio it cannot cut: float samples, another rate, mono, another task", () => {
    expect(cuttable("edit_crop", bytes)).toBe(true);
    expect(cuttable("edit_fade", bytes)).toBe(true);
    expect(cuttable("edit_speed", bytes)).toBe(false);
    expect(cuttable("edit_crop", new Uint8Array(encodeWav(audio, "float32")))).toBe(false);
    const slower = { sampleRate: 44_100, channels: audio.channels };
    expect(cuttable("edit_crop", new Uint8Array(encodeWav(slower, "pcm16")))).toBe(false);
    const mono = { sampleRate: RATE, channels: [audio.channels[0]] };
    expect(cuttable("edit_crop", new Uint8Array(encodeWav(mono, "pcm16")))).toBe(false);
    expect(cuttable("edit_crop", new TextEncoder().encode("not audio at all"))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { GeneratedSong } from "../../src/generator/generator.ts";
import { renderStem } from "../../src/generator/render/render-stems.ts";
import type { PcmAudio, ReferenceClip, SongRequest } from "../../src/generator/song-request.ts";
import { mixWav } from "../../src/server/generation/song-outputs.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { newDsp } from "../dsp-wasm.ts";
import { songRequest } from "../generator-requests.ts";

const RATE = 48000;
const dsp = newDsp();
const generator = new BuiltInGenerator({ threads: 2 });
afterAll(() => generator.close());

const generate = (request: SongRequest) =>
  generator.generate(request, () => {}, new AbortController().signal);

function bytes(channel: Float32Array, from = 0, to = channel.length): Buffer {
  return Buffer.from(channel.buffer, channel.byteOffset + from * 4, (to - from) * 4);
}

function sameFrames(a: PcmAudio, b: PcmAudio, from: number, to: number): boolean {
  return a.channels.every((channel, c) => bytes(channel, from, to).equals(bytes(b.channels[c], from, to)));
}

function clipOf(song: GeneratedSong, id: string): ReferenceClip {
  return { clipId: id, audio: song.mix, score: song.score, tags: song.tags, lyrics: song.lyrics };
}

let source: GeneratedSong;
beforeAll(async () => {
  source = await generate(songRequest({ durationSeconds: 12, seed: 5 }));
});

describe("generator tasks on a scored source", () => {
  let extended: GeneratedSong;

  it("extend keeps the source bit-identical up to continue_at, then continues it", async () => {
    const continueAt = 8;
    extended = await generate(
      songRequest({ task: "extend", seed: 6, source: clipOf(source, "a"), continueAt, durationSeconds: 10 }),
    );
    const at = continueAt * RATE;
    expect(sameFrames(extended.mix, source.mix, 0, at)).toBe(true);
    expect(extended.durationSeconds).toBeGreaterThan(continueAt + 8);
    // The continuation is new material, not the source's ending again.
    const end = Math.min(source.mix.channels[0].length, extended.mix.channels[0].length);
    expect(sameFrames(extended.mix, source.mix, at + 4800, end)).toBe(false);
    // Its score holds the source's notes before the join, at the same tempo.
    expect(extended.score?.bpm).toBe(source.score?.bpm);
    const notesBefore = (notes: readonly { start: number }[]) => notes.filter((n) => n.start < 16).length;
    expect(notesBefore(extended.score?.drums.hits ?? [])).toBe(notesBefore(source.score?.drums.hits ?? []));
  });

  it("extend of a stored song stores the same bytes up to continue_at, and concat joins them without a fade", async () => {
    // As the server keeps clips: the mix as 16-bit WAV, read back as the next task's source.
    const stored = mixWav(source.mix);
    const decoded = decodeWav(stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength));
    const storedSource = { ...clipOf(source, "a"), audio: decoded };
    const continueAt = 6.5;
    const song = await generate(
      songRequest({ task: "extend", seed: 7, source: storedSource, continueAt, durationSeconds: 10 }),
    );
    const storedExtend = mixWav(song.mix);
    const header = 44;
    const prefix = header + continueAt * RATE * 2 * 2;
    expect(storedExtend.subarray(header, prefix).equals(stored.subarray(header, prefix))).toBe(true);
    // After the join the stored bytes are the new material's.
    expect(
      storedExtend.subarray(prefix, prefix + 48_000).equals(stored.subarray(prefix, prefix + 48_000)),
    ).toBe(false);
    // Get Full Song over the stored clips: the extend starts with its source, so the join is a cut.
    const extendDecoded = decodeWav(
      storedExtend.buffer.slice(storedExtend.byteOffset, storedExtend.byteOffset + storedExtend.byteLength),
    );
    const full = await generate(
      songRequest({
        task: "concat",
        history: [
          { clip: storedSource, continueAt: null },
          { clip: { ...clipOf(song, "b"), audio: extendDecoded }, continueAt },
        ],
      }),
    );
    expect(sameFrames(full.mix, extendDecoded, 0, extendDecoded.channels[0].length)).toBe(true);
  });

  it("concat (Get Full Song) joins the history at its continue points", async () => {
    const full = await generate(
      songRequest({
        task: "concat",
        history: [
          { clip: clipOf(source, "a"), continueAt: null },
          { clip: clipOf(extended, "b"), continueAt: 8 },
        ],
      }),
    );
    expect(full.mix.channels[0].length).toBe(extended.mix.channels[0].length);
    expect(sameFrames(full.mix, extended.mix, 0, full.mix.channels[0].length)).toBe(true);
  });

  it("infill keeps the audio outside the range (difference under -60 dB) and replaces the inside", async () => {
    const infill = { start: 4, end: 8 };
    const song = await generate(
      songRequest({ task: "infill", seed: 9, source: clipOf(source, "a"), infill }),
    );
    expect(song.mix.channels[0].length).toBe(source.mix.channels[0].length);
    let outside = 0;
    for (let c = 0; c < 2; c++) {
      const a = song.mix.channels[c];
      const b = source.mix.channels[c];
      for (let i = 0; i < a.length; i++) {
        if (i >= infill.start * RATE && i < infill.end * RATE) continue;
        outside = Math.max(outside, Math.abs(a[i] - b[i]));
      }
    }
    expect(outside === 0 || 20 * Math.log10(outside) < -60).toBe(true);
    expect(sameFrames(song.mix, source.mix, 4.1 * RATE, 7.9 * RATE)).toBe(false);
  });

  it("infill makes the range from its context window: another window, another section; outside it the source (under -60 dB)", async () => {
    const infill = { start: 4, end: 8 };
    const inWindow = (context: { start: number; end: number | null }) =>
      generate(
        songRequest({ task: "infill", seed: 9, source: clipOf(source, "a"), infill: { ...infill, context } }),
      );
    const before = await inWindow({ start: 0, end: 8 });
    const after = await inWindow({ start: 4, end: null });
    const peakOutside = (song: GeneratedSong) => {
      let peak = 0;
      for (let c = 0; c < 2; c++) {
        const a = song.mix.channels[c];
        const b = source.mix.channels[c];
        for (let i = 0; i < a.length; i++) {
          if (i >= infill.start * RATE && i < infill.end * RATE) continue;
          peak = Math.max(peak, Math.abs(a[i] - b[i]));
        }
      }
      return peak;
    };
    for (const song of [before, after]) {
      expect(song.mix.channels[0].length).toBe(source.mix.channels[0].length);
      const peak = peakOutside(song);
      expect(peak === 0 || 20 * Math.log10(peak) < -60).toBe(true);
    }
    // The section differs with the window: its harmony comes from the chords the window holds.
    const chordsInRange = (song: GeneratedSong) =>
      (song.score?.chords ?? []).filter((c) => c.start >= 8 && c.start < 16).map((c) => c.symbol);
    expect(chordsInRange(before)).not.toEqual(chordsInRange(after));
    expect(sameFrames(before.mix, after.mix, 4.1 * RATE, 7.9 * RATE)).toBe(false);
    const again = await inWindow({ start: 4, end: null });
    expect(sameFrames(again.mix, after.mix, 0, after.mix.channels[0].length)).toBe(true);
  });

  it("gen_stem returns the requested stem, rendered from the source's score", async () => {
    const song = await generate(songRequest({ task: "gen_stem", source: clipOf(source, "a"), stem: "bass" }));
    const score = source.score;
    if (!score) throw new Error("no score");
    const bass = renderStem(dsp, score, "bass", RATE);
    expect(song.stems.map((s) => s.name)).toEqual(["bass"]);
    expect(sameFrames(song.mix, bass, 0, bass.channels[0].length)).toBe(true);
    await expect(
      generate(songRequest({ task: "gen_stem", source: clipOf(source, "a"), stem: "kazoo" })),
    ).rejects.toThrow("Unknown stem: kazoo");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseSource } from "../../src/generator/analysis/analyse-source.ts";
import { bandProfile, chromaFrames } from "../../src/generator/analysis/chroma.ts";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { GeneratedSong } from "../../src/generator/generator.ts";
import { measureLoudness } from "../../src/generator/render/loudness.ts";
import type { ReferenceClip, SongRequest } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { songRequest } from "../generator-requests.ts";

const RATE = 48000;
const dsp = newDsp();
const generator = new BuiltInGenerator({ threads: 2 });
afterAll(() => generator.close());

/** The summed pitch classes of the register above the bass. */
const midProfile = (audio: GeneratedSong["mix"]) => bandProfile(chromaFrames(dsp, audio).mid);

const generate = (request: SongRequest) =>
  generator.generate(request, () => {}, new AbortController().signal);

/** Pearson correlation of two pitch-class profiles, the second rotated up by `shift` semitones. */
function profileCorrelation(a: Float64Array, b: Float64Array, shift = 0): number {
  const ma = a.reduce((x, y) => x + y) / 12;
  const mb = b.reduce((x, y) => x + y) / 12;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < 12; i++) {
    const x = a[(i + shift) % 12] - ma;
    const y = b[i] - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

let source: GeneratedSong;
const clip = (song: GeneratedSong, scored = true): ReferenceClip => ({
  clipId: "a",
  audio: song.mix,
  score: scored ? song.score : null,
  tags: song.tags,
  lyrics: song.lyrics,
});

beforeAll(async () => {
  source = await generate(songRequest({ tags: "house, 124 bpm, in F major", durationSeconds: 14, seed: 79 }));
});

describe("speed", () => {
  it("keeping the pitch: the duration divided by the multiplier, the same pitch classes", async () => {
    const song = await generate(
      songRequest({ task: "speed", source: clip(source), speed: { multiplier: 1.25, keepPitch: true } }),
    );
    expect(song.mix.channels[0].length).toBe(Math.round(source.mix.channels[0].length / 1.25));
    const before = midProfile(source.mix);
    const after = midProfile(song.mix);
    expect(profileCorrelation(after, before)).toBeGreaterThan(0.95);
    expect(song.avgBpm).toBeCloseTo(124 * 1.25, 6);
  });

  it("as a resample: two semitones faster moves every pitch class up by two", async () => {
    const multiplier = 2 ** (2 / 12);
    const song = await generate(
      songRequest({ task: "speed", source: clip(source), speed: { multiplier, keepPitch: false } }),
    );
    expect(Math.abs(song.mix.channels[0].length - source.mix.channels[0].length / multiplier)).toBeLessThan(
      64,
    );
    const before = midProfile(source.mix);
    const after = midProfile(song.mix);
    const byShift = Array.from({ length: 12 }, (_, shift) => profileCorrelation(after, before, shift));
    expect(byShift.indexOf(Math.max(...byShift))).toBe(2);
    expect(byShift[2]).toBeGreaterThan(0.8);
    expect(song.score).toBeNull();
  });
});

describe("remaster", () => {
  it("masters the source again with the sliders: same length, no clipping, louder with strength", async () => {
    const soft = await generate(
      songRequest({
        task: "upsample",
        source: clip(source),
        remaster: { freedom: 0, tone: 0.5, clarity: 0.5, strength: 0, stereoWidth: 0.5 },
      }),
    );
    const strong = await generate(
      songRequest({
        task: "upsample",
        source: clip(source),
        remaster: { freedom: 0.3, tone: 0.7, clarity: 0.8, strength: 1, stereoWidth: 0.8 },
      }),
    );
    expect(soft.mix.channels[0].length).toBe(source.mix.channels[0].length);
    const a = measureLoudness(dsp, soft.mix);
    const b = measureLoudness(dsp, strong.mix);
    expect(a.truePeakDb).toBeLessThanOrEqual(-1);
    expect(b.truePeakDb).toBeLessThanOrEqual(-1);
    expect(b.integratedLufs).toBeGreaterThan(a.integratedLufs + 1);
  });
});

describe("underpainting an upload", () => {
  it("analyses the source, composes to its tempo and key, and adds the band on its bar lines", async () => {
    const upload = clip(source, false);
    const song = await generate(
      songRequest({ task: "underpainting", seed: 31, source: upload, tags: "rock", durationSeconds: null }),
    );
    expect(song.mix.channels[0].length).toBe(source.mix.channels[0].length);
    expect(song.stems.map((s) => s.name)).toEqual(["drums", "bass", "chords", "lead", "vocals"]);
    const heard = analyseSource(dsp, source.mix);
    const band = analyseSource(dsp, song.stems[0].audio);
    expect(Math.abs((band.bpm ?? 0) - (heard.bpm ?? 0))).toBeLessThan(0.5);
    // The new drums' bars start on the source's bar lines.
    const bars = (beats: [number, number][]) => beats.filter(([, n]) => n === 1).map(([t]) => t);
    for (const t of bars(band.downbeats).slice(1, 4)) {
      expect(Math.min(...bars(heard.downbeats).map((u) => Math.abs(u - t)))).toBeLessThan(0.03);
    }
    expect(measureLoudness(dsp, song.mix).truePeakDb).toBeLessThanOrEqual(-1);
    expect(song.score).toBeNull();
  });
});

describe("replacing a section of an upload", () => {
  it("composes the section at the tempo of its context window, and keeps the rest", async () => {
    // An upload of two songs back to back: a longer one at 100 BPM, then the 124 BPM source.
    const first = await generate(
      songRequest({ tags: "pop, 100 bpm, in C major", durationSeconds: 24, seed: 11 }),
    );
    const split = first.mix.channels[0].length;
    const audio = {
      sampleRate: first.mix.sampleRate,
      channels: [0, 1].map((c) => {
        const out = new Float32Array(split + source.mix.channels[c].length);
        out.set(first.mix.channels[c]);
        out.set(source.mix.channels[c], split);
        return out;
      }),
    };
    const upload: ReferenceClip = { clipId: "u", audio, score: null, tags: "", lyrics: "" };
    const at = split / audio.sampleRate;
    const range = { start: at + 4, end: at + 12 };
    const tempoOfRange = (song: GeneratedSong) =>
      analyseSource(dsp, {
        sampleRate: song.mix.sampleRate,
        channels: song.mix.channels.map((ch) =>
          ch.subarray(Math.round((range.start + 0.3) * RATE), Math.round((range.end - 0.3) * RATE)),
        ),
      }).bpm;
    const infill = (context?: { start: number; end: number | null }) =>
      generate(
        songRequest({
          task: "infill",
          seed: 51,
          source: upload,
          infill: { ...range, ...(context ? { context } : {}) },
          durationSeconds: null,
        }),
      );
    // The whole upload as context: its longer part's tempo; the second song alone: its own.
    expect(analyseSource(dsp, audio).bpm).toBeCloseTo(100, 0);
    expect(tempoOfRange(await infill())).toBeCloseTo(100, 0);
    const song = await infill({ start: at, end: null });
    expect(tempoOfRange(song)).toBeCloseTo(124, 0);
    for (let c = 0; c < 2; c++) {
      let peak = 0;
      for (let i = 0; i < audio.channels[c].length; i++) {
        if (i >= range.start * RATE && i < range.end * RATE) continue;
        peak = Math.max(peak, Math.abs(song.mix.channels[c][i] - audio.channels[c][i]));
      }
      expect(peak === 0 || 20 * Math.log10(peak) < -60).toBe(true);
    }
  });
});

describe("extending an upload", () => {
  it("keeps the upload up to continue_at and goes on at its tempo", async () => {
    const upload = clip(source, false);
    const continueAt = 10;
    const song = await generate(
      songRequest({
        task: "upload_extend",
        seed: 41,
        source: upload,
        continueAt,
        durationSeconds: 12,
        tags: "house",
      }),
    );
    const at = continueAt * 48000;
    for (let c = 0; c < 2; c++) {
      const a = song.mix.channels[c].subarray(0, at);
      const b = source.mix.channels[c].subarray(0, at);
      expect(
        Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
          Buffer.from(b.buffer, b.byteOffset, b.byteLength),
        ),
      ).toBe(true);
    }
    expect(song.durationSeconds).toBeGreaterThan(continueAt + 8);
    const after = { sampleRate: 48000, channels: song.mix.channels.map((c) => c.subarray(at)) };
    const heard = analyseSource(dsp, source.mix);
    expect(Math.abs((analyseSource(dsp, after).bpm ?? 0) - (heard.bpm ?? 0))).toBeLessThan(0.5);
  });
});

describe("a persona from an uploaded root", () => {
  it("takes the tempo and key our analysis finds in the root's artist range", async () => {
    const other = await generate(
      songRequest({ tags: "hip hop, 88 bpm, in A minor", durationSeconds: 14, seed: 83 }),
    );
    // One upload holding two songs: the first at 88 bpm, then the source at 124.
    const first = other.mix.channels[0].length;
    const joined = [0, 1].map((c) => {
      const out = new Float32Array(first + source.mix.channels[c].length);
      out.set(other.mix.channels[c]);
      out.set(source.mix.channels[c], first);
      return out;
    });
    const upload: ReferenceClip = { ...clip(source, false), audio: { sampleRate: 48000, channels: joined } };
    const part = (from: number, to: number) => ({
      sampleRate: 48000,
      channels: joined.map((c) => c.subarray(from, to)),
    });
    for (const [range, audio, bpm] of [
      [{ start: 0, end: first / 48000 }, part(0, first), 88],
      [{ start: first / 48000, end: joined[0].length / 48000 }, part(first, joined[0].length), 124],
    ] as const) {
      const song = await generate(
        songRequest({
          task: "artist_consistency",
          seed: 51,
          source: upload,
          artistRange: range,
          tags: "rock",
          durationSeconds: 12,
        }),
      );
      const heard = analyseSource(dsp, audio);
      expect(Math.abs((heard.bpm ?? 0) - bpm)).toBeLessThan(1);
      expect(song.score?.bpm).toBeCloseTo(heard.bpm ?? 0, 1);
      expect(heard.key).not.toBeNull();
      expect(song.score?.key).toEqual(heard.key);
    }
  });
});

import { Note } from "tonal";
import { afterAll, describe, expect, it } from "vitest";
import { analyseSource } from "../../src/generator/analysis/analyse-source.ts";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import { newDsp } from "../dsp-wasm.ts";
import { generateSong, songRequest } from "../generator-requests.ts";

const dsp = newDsp();
const generator = new BuiltInGenerator({ threads: 2 });
afterAll(() => generator.close());

// Twelve genres, six major and six minor keys on both sides of the circle of fifths, 74 to 168 BPM:
// the slow grooves whose busy hats pull a beat tracker to double speed (r&b, lo-fi, reggae), the
// syncopated ones that pull it to the dotted quarter (pop's 3-3-2, trap's half-time, metal, latin's
// tresillo), swing (jazz), and progressions that dwell on IV, V or the relative key. The analysis
// hears the audio only (it also serves uploads): the exact tonic, the mode and the tempo within
// half a BPM are required, so IV, V, the relative key or a half, double or 3:2 tempo fail.
// Measured on 128 other generated songs (20 s to 2.5 min, with and without vocals): the key of 125
// (misses: the relative major of a jazz and a rock song, the dominant of a country song whose last
// bass note the kick masks; before: 94) and the tempo of 120 (before: 94); of the misses, ambient
// songs have no drums and so no pulse, and cinematic toms without a backbeat still read at double
// speed.
const SONGS = [
  { tags: "pop, 116 bpm, in A major", seed: 301, bpm: 116, tonic: "A", mode: "major" },
  { tags: "rock, 138 bpm, in C minor", seed: 302, bpm: 138, tonic: "C", mode: "minor" },
  { tags: "house, 122 bpm, in D minor", seed: 303, bpm: 122, tonic: "D", mode: "minor" },
  { tags: "r&b, 74 bpm, in E major", seed: 304, bpm: 74, tonic: "E", mode: "major" },
  { tags: "hip hop, 90 bpm, in F minor", seed: 305, bpm: 90, tonic: "F", mode: "minor" },
  { tags: "lo-fi, 82 bpm, in G major", seed: 306, bpm: 82, tonic: "G", mode: "major" },
  { tags: "jazz, 126 bpm, in Db major", seed: 307, bpm: 126, tonic: "Db", mode: "major" },
  { tags: "country, 100 bpm, in F major", seed: 308, bpm: 100, tonic: "F", mode: "major" },
  { tags: "trap, 142 bpm, in G# minor", seed: 309, bpm: 142, tonic: "G#", mode: "minor" },
  { tags: "metal, 168 bpm, in F# minor", seed: 310, bpm: 168, tonic: "F#", mode: "minor" },
  { tags: "reggae, 80 bpm, in Bb major", seed: 311, bpm: 80, tonic: "Bb", mode: "major" },
  { tags: "latin, 112 bpm, in B minor", seed: 312, bpm: 112, tonic: "B", mode: "minor" },
] as const;

describe("built-in generator: what our analysis hears", () => {
  it.each(SONGS)("$tags: the tempo and key asked for", async ({ tags, seed, bpm, tonic, mode }) => {
    const { song } = await generateSong(generator, songRequest({ tags, durationSeconds: 30, seed }));
    expect(song.score?.key).toEqual({ tonic, mode });
    expect(song.score?.bpm).toBe(bpm);
    const analysis = analyseSource(dsp, song.mix);
    expect(Math.abs((analysis.bpm ?? 0) - bpm)).toBeLessThan(0.5);
    expect(analysis.key?.mode).toBe(mode);
    expect(Note.chroma(analysis.key?.tonic ?? "")).toBe(Note.chroma(tonic));
  });

  it("covers both modes, eight tonics and tempi from under 80 to over 160 BPM", () => {
    expect(new Set(SONGS.map((s) => s.mode))).toEqual(new Set(["major", "minor"]));
    expect(new Set(SONGS.map((s) => Note.chroma(s.tonic))).size).toBeGreaterThanOrEqual(8);
    expect(Math.min(...SONGS.map((s) => s.bpm))).toBeLessThan(80);
    expect(Math.max(...SONGS.map((s) => s.bpm))).toBeGreaterThan(160);
  });
});

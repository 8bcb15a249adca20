import { afterAll, describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import { measureLoudness } from "../../src/generator/render/loudness.ts";
import type { SongRequest } from "../../src/generator/song-request.ts";
import { vocalSplitBeat } from "../../src/generator/tasks/vocal-split.ts";
import { newDsp } from "../dsp-wasm.ts";
import { generateSong, pcmBytes, songRequest } from "../generator-requests.ts";

const dsp = newDsp();
const generator = new BuiltInGenerator({ threads: 2 });
afterAll(() => generator.close());

const generate = (request: SongRequest, on: BuiltInGenerator = generator) => generateSong(on, request);

const LYRICS =
  "[Verse]\nCity lights are calling me tonight\nEvery window glowing gold and bright\n[Chorus]\nSing it loud, sing it clear\nAll the stars are gathered here";

describe("built-in generator: a song with vocals", () => {
  it("sings the lyrics: a vocal stem, words aligned in order, the same bytes on one thread", async () => {
    const request = songRequest({
      instrumental: false,
      lyrics: LYRICS,
      durationSeconds: 26,
      vocalGender: "f",
      seed: 21,
    });
    const { song, progress } = await generate(request);
    const vocals = song.stems.find((s) => s.name === "vocals")?.audio;
    const score = song.score;
    if (!vocals || !score?.vocals) throw new Error("no vocals");
    expect(measureLoudness(dsp, vocals).integratedLufs).toBeGreaterThan(-40);
    expect(song.alignedWords.map((w) => w.word)).toEqual(score.vocals.words);
    for (const [i, word] of song.alignedWords.entries()) {
      expect(word.end_s).toBeGreaterThan(word.start_s);
      expect(word.end_s).toBeLessThanOrEqual(song.durationSeconds);
      if (i > 0) expect(word.start_s).toBeGreaterThanOrEqual(song.alignedWords[i - 1].start_s);
    }
    expect(progress.length).toBeGreaterThan(1);
    // The vocals were sung in two parts, split where nothing sounds and no word is cut.
    const split = vocalSplitBeat(score);
    if (split === null) throw new Error("the vocals were not split");
    const gap = (0.25 * score.bpm) / 60;
    for (const note of score.vocals.notes) {
      expect(note.start >= split || note.start + note.duration <= split - gap).toBe(true);
    }
    const wordSides = new Map<number, Set<boolean>>();
    for (const note of score.vocals.notes)
      wordSides.set(note.word, (wordSides.get(note.word) ?? new Set()).add(note.start >= split));
    expect([...wordSides.values()].every((sides) => sides.size === 1)).toBe(true);
    expect(measureLoudness(dsp, song.mix).truePeakDb).toBeLessThanOrEqual(-1);
    const single = new BuiltInGenerator({ threads: 1 });
    try {
      const again = await generate(request, single);
      expect(pcmBytes(again.song.mix).equals(pcmBytes(song.mix))).toBe(true);
      expect(pcmBytes(again.song.stems[4].audio).equals(pcmBytes(vocals))).toBe(true);
    } finally {
      await single.close();
    }
  });

  it("overpainting sings over a scored band: the band kept under new vocals", async () => {
    const { song: band } = await generate(songRequest({ durationSeconds: 30, seed: 12 }));
    const { song } = await generate(
      songRequest({
        task: "overpainting",
        instrumental: false,
        lyrics: LYRICS,
        seed: 13,
        source: { clipId: "band", audio: band.mix, score: band.score, tags: band.tags, lyrics: "" },
      }),
    );
    expect(song.mix.channels[0].length).toBe(band.mix.channels[0].length);
    expect(song.stems.map((s) => s.name)).toEqual(["vocals"]);
    expect(measureLoudness(dsp, song.stems[0].audio).integratedLufs).toBeGreaterThan(-40);
    expect(song.alignedWords.length).toBeGreaterThan(5);
    expect(song.score?.bpm).toBe(band.score?.bpm);
    expect(measureLoudness(dsp, song.mix).truePeakDb).toBeLessThanOrEqual(-1);
  });
});

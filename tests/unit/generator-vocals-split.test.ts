import { describe, expect, it } from "vitest";
import { convert } from "../../src/engine/resample-pcm.ts";
import type { VocalNote } from "../../src/generator/score.ts";
import type { SpokenWord } from "../../src/generator/vocals/speech-protocol.ts";
import { sungWords } from "../../src/generator/vocals/sung-syllables.ts";
import { isVowelPhoneme, splitSyllables } from "../../src/generator/vocals/syllable-split.ts";
import { resampleWords } from "../../src/generator/vocals/word-resampling.ts";
import type { Beats } from "../../src/shared/time.ts";
import { newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";

/** A word as eSpeak reports it: phoneme names with their start times (s), ending at `end`. */
function spoken(phonemes: readonly (readonly [string, number])[], end: number): SpokenWord {
  return {
    samples: new Float32Array(Math.ceil(end * 22050) + 100),
    phonemes: phonemes.map(([name, start]) => ({ name, start })),
    end,
  };
}

// "beautiful" as eSpeak en-us speaks it (times from its events).
const BEAUTIFUL = spoken(
  [
    ["b", 0.283],
    ["j", 0.355],
    ["ˈuː", 0.416],
    ["ɾ", 0.469],
    ["i", 0.509],
    ["f", 0.568],
    ["əl", 0.644],
  ],
  0.743,
);

describe("splitting a spoken word into sung syllables", () => {
  it("knows eSpeak's vowels, stress marks and syllabic consonants included", () => {
    for (const v of ["ˈuː", "i", "əl", "ˈoʊ", "ɜː", "æ", "ɪ", "ʌ", "ɑːɹ", "aɪ", "ᵻ", "ɚ"])
      expect(isVowelPhoneme(v), v).toBe(true);
    for (const c of ["b", "j", "ɾ", "f", "w", "l", "d", "ʃ", "θ", "ŋ", "tʃ"])
      expect(isVowelPhoneme(c), c).toBe(false);
  });

  it("gives each syllable a nucleus, single consonants going to the next syllable", () => {
    const spans = splitSyllables(BEAUTIFUL, 3);
    expect(spans).toEqual([
      { start: 0.283, vowelStart: 0.416, vowelEnd: 0.469, end: 0.469 },
      { start: 0.469, vowelStart: 0.509, vowelEnd: 0.568, end: 0.568 },
      { start: 0.568, vowelStart: 0.644, vowelEnd: 0.743, end: 0.743 },
    ]);
  });

  it("splits a consonant cluster in the middle", () => {
    // "morning": m ˈɔː ɹ n ɪ ŋ
    const word = spoken(
      [
        ["m", 0.01],
        ["ˈɔː", 0.08],
        ["ɹ", 0.2],
        ["n", 0.26],
        ["ɪ", 0.31],
        ["ŋ", 0.38],
      ],
      0.45,
    );
    expect(splitSyllables(word, 2)).toEqual([
      { start: 0.01, vowelStart: 0.08, vowelEnd: 0.2, end: 0.26 },
      { start: 0.26, vowelStart: 0.31, vowelEnd: 0.38, end: 0.45 },
    ]);
  });

  it("merges nuclei when the composer wrote fewer syllables, and cuts the longest vowel when more", () => {
    const merged = splitSyllables(BEAUTIFUL, 1);
    expect(merged).toEqual([{ start: 0.283, vowelStart: 0.416, vowelEnd: 0.743, end: 0.743 }]);
    // "beating" (b ˈiː ɾ ɪ ŋ) written be-a-ting: the long ˈiː sings two syllables.
    const beating = spoken(
      [
        ["b", 0],
        ["ˈiː", 0.06],
        ["ɾ", 0.26],
        ["ɪ", 0.3],
        ["ŋ", 0.36],
      ],
      0.42,
    );
    expect(splitSyllables(beating, 3)).toEqual([
      { start: 0, vowelStart: 0.06, vowelEnd: 0.16, end: 0.16 },
      { start: 0.16, vowelStart: 0.16, vowelEnd: 0.26, end: 0.26 },
      { start: 0.26, vowelStart: 0.3, vowelEnd: 0.36, end: 0.42 },
    ]);
    // No vowel at all: even pieces, each all vowel.
    const even = splitSyllables(spoken([["ʃ", 0.1]], 0.4), 3);
    expect(even.map((s) => [s.start, s.end].map((t) => Math.round(t * 1000)))).toEqual([
      [100, 200],
      [200, 300],
      [300, 400],
    ]);
    for (const s of even) expect([s.vowelStart, s.vowelEnd]).toEqual([s.start, s.end]);
  });

  it("groups notes into words and syllables, a melisma staying with its syllable", () => {
    const note = (start: number, syllable: string, word: number): VocalNote => ({
      start: start as Beats,
      duration: 1 as Beats,
      pitch: 60,
      velocity: 0.8,
      syllable,
      word,
    });
    const notes = [
      note(3, "", 1),
      note(0, "hel", 0),
      note(1, "lo", 0),
      note(2, "you", 1),
      note(4, "hel", 2),
      note(5, "lo", 2),
    ];
    const words = sungWords(notes);
    expect(words.map((w) => w.word)).toEqual([0, 1, 2]);
    expect(words.map((w) => w.syllables.map((s) => s.notes.map((n) => n.start)))).toEqual([
      [[0], [1]],
      [[2, 3]],
      [[4], [5]],
    ]);
  });

  it("brings every word to the song's rate as if each were converted alone", () => {
    const dsp = newDsp();
    const words = [whiteNoise(11_025, 1), whiteNoise(301, 2), whiteNoise(5_000, 3)];
    const together = resampleWords(dsp, words, 22_050, 48_000);
    words.forEach((word, i) => {
      const alone = convert(dsp, 22_050, 48_000, word);
      expect(together[i].length).toBe(alone.length);
      expect(Buffer.from(together[i].buffer).equals(Buffer.from(alone.buffer))).toBe(true);
    });
  });
});

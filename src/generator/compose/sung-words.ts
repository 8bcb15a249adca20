// A lyric line -> the words as sung (punctuation stripped, hyphenated words apart) and their
// syllables, each syllable pointing at its word.

import { syllabify } from "./syllables.ts";

export interface SungSyllable {
  readonly text: string;
  /** Index of the word in the line's word list. */
  readonly word: number;
  /** Last syllable of its word. */
  readonly wordEnd: boolean;
  /** Carries the word's stress: the melody puts it on a beat. */
  readonly stressed: boolean;
}

/** Short words sung unstressed between the stressed ones. */
const FUNCTION_WORDS = new Set(
  "a an the of to in on at by for from with and or but so as if than that this is am are was were be been it its i my me we our us you your he his him she her they them their do does did has have had will would can could shall should may might not no nor oh la".split(
    " ",
  ),
);
/** Unstressed first syllables: "be-LIEVE", "a-LONG", "to-NIGHT". */
const UNSTRESSED_PREFIXES = new Set([
  "a",
  "be",
  "de",
  "re",
  "un",
  "to",
  "con",
  "com",
  "for",
  "per",
  "pre",
  "pro",
  "ex",
  "en",
  "em",
]);

/** Which syllable of a word carries its stress (English rules of thumb). */
function stressedSyllable(word: string, pieces: readonly string[]): number {
  if (pieces.length === 1) return FUNCTION_WORDS.has(word.toLowerCase()) ? -1 : 0;
  const lower = pieces.map((p) => p.toLowerCase());
  // "-tion", "-sion", "-cian": the syllable before ("ce-le-BRA-tion").
  const last = lower[lower.length - 1];
  if (/^(tion|sion|cian|tions|sions)$/.test(last)) return pieces.length - 2;
  return UNSTRESSED_PREFIXES.has(lower[0]) && pieces.length === 2 ? 1 : 0;
}

export function sungWords(line: string): string[] {
  return line
    .split(/[\s\-–—/]+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word.length > 0);
}

/** Scripts written a syllable per character (kana, hangul) or sung so (Chinese characters). */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function piecesOf(word: string): string[] {
  if (/^\p{N}+$/u.test(word)) return [word];
  if (SYLLABIC.test(word)) return [...word].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return syllabify(word);
}

export function lineSyllables(words: readonly string[]): SungSyllable[] {
  return words.flatMap((word, index) => {
    const pieces = piecesOf(word);
    const stress = stressedSyllable(word, pieces);
    return pieces.map((text, i) => ({
      text,
      word: index,
      wordEnd: i === pieces.length - 1,
      stressed: i === stress,
    }));
  });
}

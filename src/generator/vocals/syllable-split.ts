// A spoken word cut into the composer's syllables: each vowel phoneme eSpeak spoke is a syllable's
// nucleus; the consonants between two nuclei go to the next syllable when there is one of them,
// half and half when there are more (a cluster splits in the middle). When eSpeak spoke more
// nuclei than the composer wrote syllables, neighbours share a syllable; when fewer, the longest
// vowels are cut in two until there are enough (a word with no vowel at all is cut evenly).
import type { SpokenWord } from "./speech-protocol.ts";

/** Seconds in the word's audio: the syllable is [start, end), its vowel [vowelStart, vowelEnd). */
export interface SyllableSpan {
  readonly start: number;
  readonly vowelStart: number;
  readonly vowelEnd: number;
  readonly end: number;
}

/** IPA vowels (eSpeak's phoneme names in every language it speaks); a syllabic consonant is spelt with ə. */
const VOWEL = /[aeiouyæɑɒɐəɚɛɜɝɞɘɵɤɯɪʊʌɔøœɶʏɨʉᵻᵿ]/u;

export function isVowelPhoneme(name: string): boolean {
  return VOWEL.test(name);
}

/** A nucleus, or a piece of one: its phoneme (index) and its time. */
interface Nucleus {
  readonly phoneme: number;
  readonly start: number;
  readonly end: number;
}

export function splitSyllables(word: SpokenWord, count: number): SyllableSpan[] {
  if (count < 1) return [];
  const phonemes = word.phonemes;
  const wordStart = phonemes.length > 0 ? phonemes[0].start : 0;
  const wordEnd = Math.max(word.end, wordStart);
  const endOf = (i: number) => (i + 1 < phonemes.length ? phonemes[i + 1].start : wordEnd);
  let nuclei: Nucleus[] = phonemes.flatMap((p, i) =>
    isVowelPhoneme(p.name) ? [{ phoneme: i, start: p.start, end: endOf(i) }] : [],
  );
  // No vowel: the word cut evenly, each piece a vowel of phoneme "-1".
  if (nuclei.length === 0) {
    const length = (wordEnd - wordStart) / count;
    nuclei = Array.from({ length: count }, (_, j) => ({
      phoneme: -1,
      start: wordStart + j * length,
      end: wordStart + (j + 1) * length,
    }));
  }
  while (nuclei.length < count) {
    let longest = 0;
    nuclei.forEach((n, i) => {
      if (n.end - n.start > nuclei[longest].end - nuclei[longest].start) longest = i;
    });
    const n = nuclei[longest];
    const middle = (n.start + n.end) / 2;
    nuclei.splice(longest, 1, { ...n, end: middle }, { ...n, start: middle });
  }

  // Syllable j takes nuclei [first[j], last[j]].
  const groups = Array.from({ length: count }, (_, j) => ({
    first: nuclei[Math.floor((j * nuclei.length) / count)],
    last: nuclei[Math.floor(((j + 1) * nuclei.length) / count) - 1],
  }));
  const boundaries = groups.slice(1).map((group, j) => {
    const before = groups[j].last;
    if (before.phoneme === group.first.phoneme) return before.end;
    const consonants = group.first.phoneme - before.phoneme - 1;
    return phonemes[before.phoneme + 1 + (consonants >= 2 ? Math.floor(consonants / 2) : 0)].start;
  });
  return groups.map((group, j) => ({
    start: j === 0 ? Math.min(wordStart, group.first.start) : boundaries[j - 1],
    vowelStart: group.first.start,
    vowelEnd: group.last.end,
    end: j === count - 1 ? wordEnd : boundaries[j],
  }));
}

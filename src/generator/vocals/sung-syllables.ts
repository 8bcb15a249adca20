// The vocal line regrouped for singing: each syllable with the notes it is sung on (a melisma's
// notes, syllable "", stay with the syllable before them), and each sung word with its syllables.
import type { VocalNote } from "../score.ts";

export interface SungSyllable {
  /** At least one; the first carries the syllable's text. */
  readonly notes: readonly VocalNote[];
}

export interface SungWord {
  /** Index into VocalPart.words. */
  readonly word: number;
  readonly syllables: readonly SungSyllable[];
}

/** The words in the order they are sung; a word sung again later is a new entry. */
export function sungWords(notes: readonly VocalNote[]): SungWord[] {
  const ordered = [...notes].sort((a, b) => a.start - b.start);
  const words: { word: number; syllables: VocalNote[][] }[] = [];
  for (const note of ordered) {
    const word = words[words.length - 1];
    const syllable = word?.syllables[word.syllables.length - 1];
    if (note.syllable === "" && word && syllable && word.word === note.word) {
      syllable.push(note);
    } else if (word && word.word === note.word) {
      word.syllables.push([note]);
    } else {
      words.push({ word: note.word, syllables: [[note]] });
    }
  }
  return words.map(({ word, syllables }) => ({ word, syllables: syllables.map((n) => ({ notes: n })) }));
}

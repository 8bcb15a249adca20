// The sung line: each lyric line of a section becomes a phrase on its bars, in the singer's
// range, the chorus sung higher than the verse. Lines that repeat (a chorus, the lines of a verse
// two apart with as many syllables) get the same tune: the melody's stream is keyed by them.
// The dynamics follow the song: a fuller section is sung louder, a stressed syllable is accented,
// and a note above the line's middle is sung louder than one below it, as a voice does.

import type { Beats } from "../../shared/time.ts";
import type { ChordSpan, VocalNote } from "../score.ts";
import type { ScaleSteps } from "./key.ts";
import { composePhrase, stepRange } from "./melody.ts";
import type { Random } from "./random.ts";
import { lineSyllables, sungWords } from "./sung-words.ts";

/** A section placed on the song's beats, with the lines sung in it. */
export interface LaidSection {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly energy: number;
  readonly lines: readonly string[];
  readonly barsPerLine: number;
}

/** MIDI ranges of the singers: m about A2..E4, f about A3..E5. */
export const VOCAL_RANGE: Readonly<Record<"m" | "f", readonly [number, number]>> = {
  m: [45, 64],
  f: [57, 76],
};

/** Where each section's tune sits, in scale steps above the middle of the range: the chorus lifts. */
const LIFT: Readonly<Record<string, number>> = {
  verse: -1,
  "pre-chorus": 1,
  chorus: 3,
  hook: 3,
  "post-chorus": 2,
  bridge: 1,
  drop: 3,
};

/** A note's velocity: the section's energy, the syllable's stress, its height in its line. */
export function sungVelocity(energy: number, stressed: boolean, pitch: number, lineMiddle: number): number {
  const velocity = 0.56 + 0.2 * energy + (stressed ? 0.08 : 0) + 0.012 * (pitch - lineMiddle);
  return Math.round(Math.min(1, Math.max(0.35, velocity)) * 1000) / 1000;
}

export interface SungLine {
  readonly words: string[];
  readonly notes: VocalNote[];
}

export function singSections(
  sections: readonly LaidSection[],
  chords: readonly ChordSpan[],
  scale: ScaleSteps,
  gender: "m" | "f",
  beatsPerBar: number,
  unit: number,
  variation: number,
  random: Random,
): SungLine {
  const [low, high] = VOCAL_RANGE[gender];
  const midi = (step: number) => scale.midi(step, 0);
  const range = stepRange(midi, low, high);
  const middle = Math.round((range[0] + range[1]) / 2);
  const words: string[] = [];
  const notes: VocalNote[] = [];
  for (const section of sections) {
    const lineBeats = section.barsPerLine * beatsPerBar;
    const centre = middle + (LIFT[section.kind] ?? 0);
    section.lines.forEach((line, i) => {
      const start = section.start + i * lineBeats;
      if (start >= section.end - 1e-9) return;
      const lineWords = sungWords(line);
      const syllables = lineSyllables(lineWords);
      if (syllables.length === 0) return;

      const phrase = composePhrase(
        {
          start,
          beats: Math.min(lineBeats, section.end - start),
          syllables,
          unit,
          centre,
          range,
          ending: i === section.lines.length - 1 ? "tonic" : "stable",
          chords,
          variation,
          midi,
        },
        // Lines two apart with as many syllables share a tune (an ABAB verse, a repeated hook).
        random.fork(`melody:${section.kind}:${i % 2}:${syllables.length}`),
      );
      const offset = words.length;
      words.push(...lineWords);
      const pitches = phrase.map((n) => midi(n.step));
      const lineMiddle = (Math.min(...pitches) + Math.max(...pitches)) / 2;
      let last = syllables[0];
      for (const n of phrase) {
        const syllable = n.syllable >= 0 ? syllables[n.syllable] : last;
        last = syllable;
        notes.push({
          start: n.start as Beats,
          duration: n.duration as Beats,
          pitch: midi(n.step),
          velocity: sungVelocity(section.energy, syllable.stressed, midi(n.step), lineMiddle),
          syllable: n.syllable >= 0 ? syllable.text : "",
          word: offset + syllable.word,
        });
      }
    });
  }
  return { words, notes };
}

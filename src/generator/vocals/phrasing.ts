// How the line is phrased: syllables closer than PHRASE_GAP_SECONDS belong to one phrase and are
// sung legato (each sounds on until the next begins, overlapping it by a release so the voice never
// stops, and the next glides in from its pitch); a phrase starts from silence with a breath.
import type { VocalNote } from "../score.ts";
import { PHRASE_GAP_SECONDS } from "./breaths.ts";
import type { PerformedNote } from "./sung-contour.ts";
import type { SungWord } from "./sung-syllables.ts";

/** Inside a phrase a syllable sounds this far into the next one: their envelopes cross-fade. */
export const LEGATO_OVERLAP_SECONDS = 0.04;

/** A syllable to sing: frames in the song, its notes in frames from its start. */
export interface PlannedSyllable {
  /** Index into the sung words, and of the syllable in its word. */
  readonly word: number;
  readonly index: number;
  readonly start: number;
  length: number;
  readonly notes: readonly PerformedNote[];
  /** The MIDI pitch sung just before inside the phrase, 0 at a phrase's start. */
  readonly glideFrom: number;
  readonly gain: number;
}

export interface Phrasing {
  readonly syllables: PlannedSyllable[];
  /** Frames where phrases start: a breath is taken before each. */
  readonly breaths: number[];
}

/** The composer accents with velocities about 0.8: that is unity gain. */
const UNITY_VELOCITY = 0.8;

export function phrasing(
  sung: readonly SungWord[],
  toFrames: (beats: number) => number,
  frames: number,
  sampleRate: number,
): Phrasing {
  const syllables: PlannedSyllable[] = [];
  const breaths: number[] = [];
  const phraseGap = PHRASE_GAP_SECONDS * sampleRate;
  const overlap = Math.round(LEGATO_OVERLAP_SECONDS * sampleRate);
  let previous: { end: number; pitch: number; planned: PlannedSyllable } | null = null;
  sung.forEach(({ syllables: wordSyllables }, word) => {
    wordSyllables.forEach(({ notes }, index) => {
      const start = toFrames(notes[0].start);
      const last = notes[notes.length - 1] as VocalNote;
      const end = Math.min(toFrames(last.start + last.duration), frames);
      if (end <= start) return;
      const legato = previous !== null && start - previous.end < phraseGap;
      if (legato && previous) {
        previous.planned.length = Math.max(
          previous.planned.length,
          Math.min(frames, start + overlap) - previous.planned.start,
        );
      } else {
        breaths.push(start);
      }
      const planned: PlannedSyllable = {
        word,
        index,
        start,
        length: end - start,
        notes: notes.map((note) => ({
          start: toFrames(note.start) - start,
          end: toFrames(note.start + note.duration) - start,
          midi: note.pitch,
          key: note.start,
        })),
        glideFrom: legato && previous ? previous.pitch : 0,
        gain: notes[0].velocity / UNITY_VELOCITY,
      };
      syllables.push(planned);
      previous = { end, pitch: last.pitch, planned };
    });
  });
  return { syllables, breaths };
}

// Hand-made vocal lines for the singer's tests: words, their syllables, and notes placed in seconds.
import type { Score, VocalNote } from "../../src/generator/score.ts";
import type { Beats } from "../../src/shared/time.ts";

export const BPM = 120;
const SECONDS_PER_BEAT = 60 / BPM;

/** A sung syllable: its word's index, its text ("" for a melisma), pitch, start and length in seconds. */
export interface SyllableSpec {
  readonly word: number;
  readonly text: string;
  readonly midi: number;
  readonly start: number;
  readonly seconds: number;
}

export function vocalScore(
  words: readonly string[],
  syllables: readonly SyllableSpec[],
  options: { gender?: "m" | "f"; seed?: number; lengthSeconds?: number } = {},
): Score {
  const notes: VocalNote[] = syllables.map((s) => ({
    start: (s.start / SECONDS_PER_BEAT) as Beats,
    duration: (s.seconds / SECONDS_PER_BEAT) as Beats,
    pitch: s.midi,
    velocity: 0.8,
    syllable: s.text,
    word: s.word,
  }));
  const end = Math.max(...syllables.map((s) => s.start + s.seconds)) + 0.5;
  return {
    seed: options.seed ?? 7,
    bpm: BPM,
    beatsPerBar: 4,
    key: { tonic: "C", mode: "major" },
    genre: "pop",
    lengthBeats: ((options.lengthSeconds ?? end) / SECONDS_PER_BEAT) as Beats,
    sections: [],
    drums: { kit: "acoustic", hits: [], gain: 1 },
    parts: [],
    vocals: { gender: options.gender ?? "m", voice: "en-us", words, notes, gain: 1 },
    mix: { reverb: { size: 0.5, wet: 0.1 }, delay: { beats: 0.75, feedback: 0.3, wet: 0.1 }, sidechain: 0 },
  };
}

/** "I will sing to the morning sky": eight syllables, one per note, `seconds` apart with `gap` of rest. */
export const PHRASE_WORDS = ["I", "will", "sing", "to", "the", "morning", "sky"] as const;
const PHRASE_SYLLABLES: readonly (readonly [number, string])[] = [
  [0, "I"],
  [1, "will"],
  [2, "sing"],
  [3, "to"],
  [4, "the"],
  [5, "mor"],
  [5, "ning"],
  [6, "sky"],
];

export function phrase(pitches: readonly number[], seconds: number, gap: number, at = 0.25): SyllableSpec[] {
  return PHRASE_SYLLABLES.map(([word, text], i) => ({
    word,
    text,
    midi: pitches[i],
    start: at + i * (seconds + gap),
    seconds,
  }));
}

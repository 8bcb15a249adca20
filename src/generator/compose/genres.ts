// The genre presets: what a style tag turns into. Rhythms are one 4/4 bar of sixteenth steps:
// drums "x" hit, "X" accent, "o" ghost; bass and chords "x" (or a note letter) starts a note,
// "-" holds it, "." is silence. Bass letters: r root, f fifth, o octave, t third, a approach
// (a scale step toward the next chord's root). The presets themselves live in genre-table/, one
// file per family of genres.

import type { DrumKit, DrumName, PatchName } from "../score.ts";
import { BEAT_GENRES } from "./genre-table/beats.ts";
import { GROOVE_GENRES } from "./genre-table/grooves.ts";
import { SCORE_GENRES } from "./genre-table/scores.ts";
import { SONG_GENRES } from "./genre-table/songs.ts";
import type { Mode } from "./key.ts";

export type DrumPattern = Partial<Record<DrumName, string>>;

/** How the groove sits: straight, swung (off-beats late), or half-time (the backbeat on beat 3). */
export type Feel = "straight" | "swung" | "half-time";

export interface GenrePreset {
  readonly name: string;
  /** Words that select the genre (matched as whole words in the tags). */
  readonly keywords: readonly string[];
  readonly tempo: readonly [number, number];
  readonly feel: Feel;
  readonly modes: readonly Mode[];
  /** Chord roots as scale degrees (0 = tonic), one chord per harmonic-rhythm slot. */
  readonly progressions: {
    readonly major: readonly (readonly number[])[];
    readonly minor: readonly (readonly number[])[];
  };
  /** Chance of a seventh on each chord (before weirdness). */
  readonly sevenths: number;
  /** Beats each chord lasts. */
  readonly chordBeats: number;
  readonly drums: DrumPattern;
  /**
   * Bars that vary the groove, laid over it lane by lane: the first plays the last bar of every
   * four, the second (when there is one) the second bar of every pair.
   */
  readonly drumVariants: readonly DrumPattern[];
  /** The sparser groove of quiet sections. */
  readonly drumsLow: DrumPattern;
  readonly kit: DrumKit;
  readonly bass: string;
  readonly chords: string;
  /** A second keys part (a pad, strings, an organ) held under the lifted sections, or none. */
  readonly layer: PatchName | null;
  /** Broken chords (arpeggios) instead of block chords in the lifted sections. */
  readonly arpeggio: boolean;
  readonly patches: {
    readonly bass: readonly PatchName[];
    readonly chords: readonly PatchName[];
    readonly lead: readonly PatchName[];
  };
  /** What the genre calls an instrument (a plucked string is an acoustic guitar in folk). */
  readonly partNames: Partial<Record<PatchName, string>>;
  /** 0 (straight) .. 1 (triplet feel), and the note value swung (0.5 = eighths, 0.25 = sixteenths). */
  readonly swing: number;
  readonly swingUnit: 0.5 | 0.25;
  /** How full the quietest and the loudest sections get. */
  readonly energy: readonly [number, number];
  readonly reverb: { readonly size: number; readonly wet: number };
  readonly delay: { readonly beats: number; readonly feedback: number; readonly wet: number };
  readonly sidechain: number;
  /**
   * The genre's forms as section tags in order: sung ones (the lyric writer fills the sung
   * sections, the others stay bare) and instrumental ones.
   */
  readonly forms: {
    readonly sung: readonly (readonly string[])[];
    readonly instrumental: readonly (readonly string[])[];
  };
  /** How long a song of the genre lasts when nothing asks otherwise, in seconds. */
  readonly seconds: readonly [number, number];
  /** Whether a description naming only the genre gets a singer. */
  readonly vocals: boolean;
}

/**
 * The order the platform lists genres in (discovery's genre sections): the first fourteen as they
 * always were, the genres added later after them.
 */
const GENRE_ORDER = [
  "pop",
  "rock",
  "metal",
  "hip hop",
  "trap",
  "lo-fi",
  "edm",
  "jazz",
  "r&b",
  "country",
  "ambient",
  "reggae",
  "latin",
  "cinematic",
  "punk",
  "folk",
  "drum and bass",
  "synthwave",
  "bossa nova",
];

const rank = (preset: GenrePreset) => GENRE_ORDER.indexOf(preset.name);

export const GENRE_PRESETS: readonly GenrePreset[] = [
  ...SONG_GENRES,
  ...BEAT_GENRES,
  ...GROOVE_GENRES,
  ...SCORE_GENRES,
].sort((a, b) => rank(a) - rank(b));

export const DEFAULT_GENRE = "pop";

export function genrePreset(name: string): GenrePreset {
  const preset = GENRE_PRESETS.find((p) => p.name === name);
  if (!preset) throw new Error(`Unknown genre: ${name}`);
  return preset;
}

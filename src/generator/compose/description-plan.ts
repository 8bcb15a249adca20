// What a song description asks for, read as rules: the genres it names (as written), its mood
// words, the instruments it names, an explicit tempo or key, and whether anyone sings. Simple mode
// turns this into the song's styles, so the composer hears the description's own words.

import { DEFAULT_GENRE, GENRE_PRESETS, type GenrePreset, genrePreset } from "./genres.ts";
import {
  detectBpm,
  detectGenre,
  detectKey,
  INSTRUMENTS,
  mentions,
  moodWordsIn,
  wordsIn,
} from "./style-text.ts";

export interface DescriptionPlan {
  /** The genre the description names first, or null when it names none. */
  readonly genre: GenrePreset | null;
  /** Every genre word named, as written, in order ("lo-fi", "hip hop"). */
  readonly genreWords: readonly string[];
  readonly moodWords: readonly string[];
  readonly instrumentWords: readonly string[];
  /** "140 bpm", "in A minor": what the description pins down, kept word for word. */
  readonly pinned: readonly string[];
  readonly instrumental: boolean;
}

/** Words that ask for music without a singer. */
const NO_SINGER = [
  "instrumental",
  "no vocals",
  "no vocal",
  "without vocals",
  "no singing",
  "no lyrics",
  "no voice",
  "trailer",
  "score",
  "film score",
  "soundtrack",
  "backing track",
  "karaoke",
];
/** Words that usually mean an instrumental, unless the description also asks for a song. */
const PLAYED = ["beat", "beats", "type beat", "loop", "background music", "bgm", "trio", "quartet", "jam"];
/** Words that ask for a singer. */
const SINGER = [
  "vocals",
  "vocal",
  "singer",
  "singing",
  "sung",
  "sings",
  "sing",
  "voice",
  "lyrics",
  "rapper",
  "rapping",
  "choir",
  "duet",
  "female",
  "male",
];
/** Words that name a song, which is sung where the genre usually is not. */
const SONG = ["song", "songs", "ballad", "anthem", "hymn", "lullaby", "serenade"];

/** Whether a description asks for an instrumental, in a genre that is sung or played by default. */
export function asksForInstrumental(text: string, genre: GenrePreset | null): boolean {
  const lower = text.toLowerCase();
  if (mentions(lower, NO_SINGER)) return true;
  if (mentions(lower, SINGER)) return false;
  if (mentions(lower, SONG)) return false;
  if (mentions(lower, PLAYED)) return true;
  return genre ? !genre.vocals : false;
}

export function planDescription(description: string): DescriptionPlan {
  const text = description.toLowerCase();
  const genreName = detectGenre(text, new Set());
  const genre = genreName ? genrePreset(genreName) : null;
  const bpm = /(\d{2,3}(?:\.\d+)?)\s*-?\s*bpm\b/.exec(text);
  const key = detectKey(description);
  return {
    genre,
    genreWords: wordsIn(
      text,
      GENRE_PRESETS.flatMap((preset) => preset.keywords),
    ),
    moodWords: moodWordsIn(text),
    instrumentWords: wordsIn(
      text,
      INSTRUMENTS.flatMap((instrument) => instrument.words),
    ),
    pinned: [
      ...(bpm && detectBpm(text) !== null ? [bpm[0]] : []),
      ...(key ? [`in ${key.tonic} ${key.mode}`] : []),
    ],
    instrumental: asksForInstrumental(text, genre),
  };
}

/** What a genre calls the part that carries its sound, when it names one ("acoustic guitar"). */
export function signatureSound(preset: GenrePreset): string | null {
  for (const patch of [preset.patches.chords[0], preset.patches.bass[0]]) {
    const name = patch ? preset.partNames[patch] : undefined;
    if (name) return name.toLowerCase();
  }
  return null;
}

/**
 * The styles a description gives a song: its genre words, its mood words (or the fallback mood
 * when it names none), the instruments it names or the genre's signature sound, then a tempo or
 * key it pins down. The fallback genre stands in when it names no genre.
 */
export function descriptionTags(plan: DescriptionPlan, fallback: { genre: string; mood: string }): string {
  const genre = plan.genre ?? genrePreset(detectGenre(fallback.genre, new Set()) ?? DEFAULT_GENRE);
  const genres = plan.genreWords.length > 0 ? plan.genreWords : [fallback.genre];
  const moods = plan.moodWords.length > 0 ? plan.moodWords : [fallback.mood];
  const sound = signatureSound(genre);
  const instruments = plan.instrumentWords.length > 0 ? plan.instrumentWords : sound ? [sound] : [];
  return [...new Set([...genres, ...moods, ...instruments, ...plan.pinned])].join(", ");
}

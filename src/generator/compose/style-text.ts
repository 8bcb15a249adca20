// Reading a style text: the genre named first, the mood, an explicit tempo, key and mode, the
// singer, and the instruments it names (as patches), all as whole words, case-insensitive.

import type { PatchName } from "../score.ts";
import { GENRE_PRESETS } from "./genres.ts";
import type { Mode, SongKey } from "./key.ts";

export type PartRole = "bass" | "chords" | "lead";

export interface Mood {
  readonly name: string;
  /** -1 dark .. 1 bright: picks the mode's family. */
  readonly brightness: number;
  /** -1 slow .. 1 fast: where in the genre's tempo range. */
  readonly pace: number;
  /** Added to every section's energy. */
  readonly lift: number;
}

const MOODS: readonly (Mood & { readonly words: readonly string[] })[] = [
  {
    name: "sad",
    brightness: -1,
    pace: -0.6,
    lift: -0.1,
    words: [
      "sad",
      "melancholic",
      "melancholy",
      "sorrowful",
      "heartbreak",
      "heartbroken",
      "lonely",
      "somber",
      "nostalgic",
      "blue",
      "grief",
      "tearful",
    ],
  },
  {
    name: "dark",
    brightness: -1,
    pace: 0,
    lift: 0,
    words: ["dark", "ominous", "sinister", "haunting", "eerie", "moody", "gloomy", "brooding", "mysterious"],
  },
  {
    name: "happy",
    brightness: 1,
    pace: 0.6,
    lift: 0.1,
    words: [
      "happy",
      "joyful",
      "cheerful",
      "upbeat",
      "bright",
      "fun",
      "playful",
      "sunny",
      "feel good",
      "feel-good",
      "bouncy",
    ],
  },
  {
    name: "chill",
    brightness: 0,
    pace: -0.6,
    lift: -0.2,
    words: [
      "chill",
      "relaxed",
      "calm",
      "mellow",
      "dreamy",
      "peaceful",
      "soft",
      "gentle",
      "laid-back",
      "laid back",
      "smooth",
      "soothing",
      "slow",
    ],
  },
  {
    name: "energetic",
    brightness: 0,
    pace: 0.8,
    lift: 0.15,
    words: [
      "energetic",
      "aggressive",
      "intense",
      "hype",
      "powerful",
      "driving",
      "fast",
      "angry",
      "fierce",
      "hard",
    ],
  },
  {
    name: "romantic",
    brightness: 0.3,
    pace: -0.2,
    lift: 0,
    words: ["romantic", "love", "sensual", "tender", "intimate"],
  },
  {
    name: "epic",
    brightness: 0.5,
    pace: 0.3,
    lift: 0.15,
    words: ["epic", "anthemic", "triumphant", "uplifting", "hopeful", "euphoric", "inspiring", "heroic"],
  },
];

/** Instrument words -> the patches that play them (and the kit, for "808"). */
export const INSTRUMENTS: readonly {
  readonly words: readonly string[];
  readonly patches: readonly PatchName[];
}[] = [
  { words: ["electric piano", "rhodes", "wurlitzer", "keys"], patches: ["epiano-fm"] },
  { words: ["piano", "pianos"], patches: ["piano-fm", "epiano-fm"] },
  { words: ["organ", "hammond"], patches: ["organ"] },
  { words: ["guitar", "guitars", "acoustic guitar", "electric guitar"], patches: ["guitar-ks"] },
  { words: ["synth bass"], patches: ["bass-saw"] },
  {
    words: ["synth", "synths", "synthesizer", "synthesizers", "synthwave"],
    patches: ["lead-saw", "pad-saw", "lead-square", "bass-saw"],
  },
  { words: ["pad", "pads"], patches: ["pad-saw"] },
  { words: ["strings", "violin", "violins", "cello", "orchestra", "orchestral"], patches: ["strings-saw"] },
  { words: ["bells", "bell", "glockenspiel", "music box", "celesta", "vibraphone"], patches: ["bell-fm"] },
  { words: ["harp", "pluck", "plucks", "kalimba", "koto", "marimba"], patches: ["pluck-ks"] },
  { words: ["808", "808s", "sub bass"], patches: ["bass-sub"] },
  { words: ["bass guitar", "upright bass", "double bass"], patches: ["bass-ks"] },
  // Families the synthesizer has no patch of its own for, played by the nearest one: brass by the
  // saw lead (General MIDI's synth brass is a saw), reeds and flutes by the square lead's hollow
  // tone, folk strings by the plucked string.
  { words: ["brass", "horns", "horn section", "trumpet", "trumpets", "trombone"], patches: ["lead-saw"] },
  { words: ["saxophone", "sax", "clarinet", "flute", "woodwinds", "oboe"], patches: ["lead-square"] },
  { words: ["banjo", "mandolin", "ukulele", "sitar"], patches: ["pluck-ks"] },
];

export const ROLE_PATCHES: Readonly<Record<PartRole, readonly PatchName[]>> = {
  bass: ["bass-sub", "bass-saw", "bass-fm", "bass-ks"],
  chords: ["piano-fm", "epiano-fm", "organ", "pad-saw", "strings-saw", "guitar-ks", "pluck-ks", "bell-fm"],
  lead: [
    "lead-square",
    "lead-saw",
    "bell-fm",
    "pluck-ks",
    "guitar-ks",
    "piano-fm",
    "epiano-fm",
    "organ",
    "strings-saw",
  ],
};

export const MAJOR_TONICS = ["C", "D", "Eb", "E", "F", "G", "Ab", "A", "Bb"];
export const MINOR_TONICS = ["A", "B", "C", "C#", "D", "E", "F", "F#", "G"];

const MODE_WORDS: Readonly<Record<string, Mode>> = {
  major: "major",
  maj: "major",
  ionian: "major",
  minor: "minor",
  min: "minor",
  aeolian: "minor",
  dorian: "dorian",
  phrygian: "phrygian",
  lydian: "lydian",
  mixolydian: "mixolydian",
  locrian: "phrygian",
};

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&");
}

/** Where `word` first occurs in `text` as a whole word (or phrase), else -1. */
export function wordIndex(text: string, word: string): number {
  const match = new RegExp(`(^|[^a-z0-9&])${escapeRegExp(word)}(?=$|[^a-z0-9&])`).exec(text);
  return match ? match.index + match[1].length : -1;
}

export function mentions(text: string, words: readonly string[]): boolean {
  return words.some((word) => wordIndex(text, word) >= 0);
}

/**
 * The words of a list the text names, in the order written; a word inside a longer one named at
 * the same place ("jazz" in "jazz trio") is not counted again.
 */
export function wordsIn(text: string, words: readonly string[]): string[] {
  const found = words
    .map((word) => ({ word, at: wordIndex(text, word) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at || b.word.length - a.word.length);
  const kept: { word: string; at: number }[] = [];
  for (const entry of found) {
    const inside = kept.some((k) => entry.at >= k.at && entry.at + entry.word.length <= k.at + k.word.length);
    if (!inside && !kept.some((k) => k.word === entry.word)) kept.push(entry);
  }
  return kept.map((entry) => entry.word);
}

/** Every mood word the text names, in the order written. */
export function moodWordsIn(text: string): string[] {
  return wordsIn(
    text,
    MOODS.flatMap((mood) => mood.words),
  );
}

/** The genre named first in the text, skipping excluded ones. */
export function detectGenre(text: string, excluded: ReadonlySet<string>): string | null {
  let best: { name: string; at: number; length: number } | null = null;
  for (const preset of GENRE_PRESETS) {
    if (excluded.has(preset.name)) continue;
    for (const word of preset.keywords) {
      const at = wordIndex(text, word);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && word.length > best.length))
        best = { name: preset.name, at, length: word.length };
    }
  }
  return best?.name ?? null;
}

export function detectMood(text: string): Mood | null {
  let best: { mood: Mood; at: number } | null = null;
  for (const mood of MOODS) {
    for (const word of mood.words) {
      const at = wordIndex(text, word);
      if (at >= 0 && (!best || at < best.at)) best = { mood, at };
    }
  }
  return best?.mood ?? null;
}

/** "120 bpm", "bpm: 95", "tempo 140". */
export function detectBpm(text: string): number | null {
  const match =
    /(\d{2,3}(?:\.\d+)?)\s*-?\s*bpm\b/.exec(text) ??
    /\b(?:bpm|tempo)\s*[:=]?\s*(\d{2,3}(?:\.\d+)?)\b/.exec(text);
  if (!match) return null;
  const bpm = Number(match[1]);
  return bpm >= 40 && bpm <= 240 ? bpm : null;
}

function spellTonic(letter: string, accidental: string | undefined): string {
  const acc = (accidental ?? "").trim().replace(/^-/, "");
  const sign =
    acc === "#" || acc === "♯" || acc === "sharp"
      ? "#"
      : acc === "b" || acc === "♭" || acc === "flat"
        ? "b"
        : "";
  return letter.toUpperCase() + sign;
}

/** "in A minor", "F# dorian", "key of D", "Bbm". */
export function detectKey(tags: string): SongKey | null {
  const text = tags.toLowerCase();
  const lead = String.raw`(?:^|[,;(/]|\bin|\bkey(?:\s+of)?:?)\s*`;
  const withMode = new RegExp(
    `${lead}([a-g])(#|♯|♭|b|-?\\s?sharp|-?\\s?flat)?\\s*(major|minor|maj|min|ionian|aeolian|dorian|phrygian|lydian|mixolydian|locrian)\\b`,
    "gi",
  );
  for (const match of tags.matchAll(withMode)) {
    // A lower-case "a" on its own is the article ("a minor hit"), not the note.
    if (match[1] === "a" && !match[2]) continue;
    return { tonic: spellTonic(match[1], match[2]?.toLowerCase()), mode: MODE_WORDS[match[3].toLowerCase()] };
  }
  // "in C", "key of Bb", "in Am"; a bare "Am" only as a whole tag ("Am I dreaming" is no key).
  const named = /(?:\bin|\bkey(?:\s+of)?:?)\s*([A-G])(#|b)?(m)?(?=$|[\s,;)])/.exec(tags);
  const bare = /(?:^|[,;(/])\s*([A-G])(#|b)?(m)(?=\s*(?:$|[,;)]))/.exec(tags);
  const short = named ?? bare;
  if (short) return { tonic: spellTonic(short[1], short[2]), mode: short[3] ? "minor" : "major" };
  const keyOf = /\bkey(?:\s+of)?:?\s*([a-g])(#|b)?\b/.exec(text);
  if (keyOf) return { tonic: spellTonic(keyOf[1], keyOf[2]), mode: "major" };
  return null;
}

export function detectVocalGender(text: string): "m" | "f" | null {
  const female = mentions(text, [
    "female",
    "female vocals",
    "female vocal",
    "woman",
    "girl",
    "soprano",
    "alto",
    "diva",
    "feminine",
  ]);
  const male = mentions(text, [
    "male",
    "male vocals",
    "male vocal",
    "man",
    "boy",
    "baritone",
    "tenor",
    "bass voice",
    "masculine",
  ]);
  if (female && !male) return "f";
  if (male && !female) return "m";
  return null;
}

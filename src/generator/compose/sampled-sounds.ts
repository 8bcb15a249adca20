// Which recorded instrument of the General MIDI SoundFont plays each part: the composer still
// writes for its synthesized patches (they say what the part is: a bass line, a plucked string, a
// hollow lead), and this table turns a patch into the real instrument the genre means by it, a
// distorted guitar in metal, an upright bass in jazz, a nylon guitar in bossa nova. An instrument
// the request names is played as named (a saxophone asked is a saxophone). Genres made of synths
// keep their synthesized sounds, as do the patches that are synths by nature (pads, saw and square
// leads, sub and FM basses) unless a genre or the request gives them a real instrument.

import type { DrumKit, Note, PatchName } from "../score.ts";
import { mentions, type PartRole } from "./style-text.ts";

/** A General MIDI program (0-127) and the name its part takes. */
export interface SampledSound {
  readonly program: number;
  readonly name: string;
  /** The lowest note the instrument plays, for one whose part must be moved up into its range. */
  readonly lowest?: number;
}

const sound = (program: number, name: string): SampledSound => ({ program, name });

/**
 * The glockenspiel is recorded from G5 up and plays from C5. Its bars' overtones are not harmonics
 * (2.76 and 5.4 times the fundamental): a sample played an octave or two below its range puts them
 * in the middle register, on other pitch classes than the note's, and a melody there is heard out
 * of key.
 */
const GLOCKENSPIEL: SampledSound = { program: 9, name: "Glockenspiel", lowest: 72 };

const PIANO = sound(0, "Piano");
const ELECTRIC_PIANO = sound(4, "Electric Piano");
const ORGAN = sound(16, "Organ");
const ROCK_ORGAN = sound(18, "Rock Organ");
const NYLON_GUITAR = sound(24, "Nylon Guitar");
const ACOUSTIC_GUITAR = sound(25, "Acoustic Guitar");
const CLEAN_GUITAR = sound(27, "Clean Guitar");
const OVERDRIVE_GUITAR = sound(29, "Overdriven Guitar");
const DISTORTION_GUITAR = sound(30, "Distortion Guitar");
const UPRIGHT_BASS = sound(32, "Upright Bass");
const BASS_GUITAR = sound(33, "Bass Guitar");
const PICKED_BASS = sound(34, "Picked Bass");
const STRINGS = sound(48, "Strings");
const BRASS = sound(61, "Brass Section");
const ALTO_SAX = sound(65, "Alto Sax");
/**
 * A bell part plays on the vibraphone unless the request names another: its bars are tuned with
 * their first overtone two octaves up, so its notes sound on their own pitch class through the
 * middle register, and it rings on as the FM bell does (a glockenspiel's short ring left a melody's
 * tonic too faint to name the song's key).
 */
const VIBRAPHONE = sound(11, "Vibraphone");

/** What each patch is played by when the genre says nothing else (null: the synthesized patch). */
const USUAL: Readonly<Record<PatchName, SampledSound | null>> = {
  "piano-fm": PIANO,
  "epiano-fm": ELECTRIC_PIANO,
  organ: ORGAN,
  "pad-saw": null,
  "strings-saw": STRINGS,
  "pluck-ks": sound(46, "Harp"),
  "guitar-ks": CLEAN_GUITAR,
  "bell-fm": VIBRAPHONE,
  "lead-square": null,
  "lead-saw": null,
  "bass-sub": null,
  "bass-saw": null,
  "bass-fm": null,
  "bass-ks": BASS_GUITAR,
};

/** Per genre, the patches it plays with another instrument (null: keeps the synthesized patch). */
const BY_GENRE: Readonly<Record<string, Partial<Record<PatchName, SampledSound | null>>>> = {
  rock: {
    "guitar-ks": OVERDRIVE_GUITAR,
    "lead-saw": DISTORTION_GUITAR,
    "bass-saw": PICKED_BASS,
    organ: ROCK_ORGAN,
  },
  punk: {
    "guitar-ks": DISTORTION_GUITAR,
    "lead-saw": DISTORTION_GUITAR,
    "bass-ks": PICKED_BASS,
    "bass-saw": PICKED_BASS,
  },
  metal: {
    "guitar-ks": DISTORTION_GUITAR,
    "lead-saw": DISTORTION_GUITAR,
    "lead-square": sound(29, "Lead Guitar"),
    "bass-ks": PICKED_BASS,
    "bass-saw": PICKED_BASS,
  },
  // The font's upright bass is unsure in pitch below F2 (its D2 and E2 are the F2 sample played
  // lower), where a walking line lives: jazz keeps the plucked-string bass of the synthesizer.
  jazz: { "bass-ks": null, "lead-square": ALTO_SAX, "lead-saw": BRASS },
  "r&b": { "lead-square": ALTO_SAX, "lead-saw": BRASS, "bass-fm": BASS_GUITAR },
  "bossa nova": { "guitar-ks": NYLON_GUITAR, "pluck-ks": NYLON_GUITAR, "bass-ks": UPRIGHT_BASS },
  latin: { "guitar-ks": NYLON_GUITAR, "lead-square": sound(56, "Trumpet"), "bass-fm": BASS_GUITAR },
  reggae: { "bass-sub": BASS_GUITAR, "bass-fm": BASS_GUITAR, "lead-square": sound(62, "Synth Brass") },
  country: { "guitar-ks": ACOUSTIC_GUITAR, "pluck-ks": sound(105, "Banjo"), "bass-fm": BASS_GUITAR },
  folk: { "guitar-ks": ACOUSTIC_GUITAR, "pluck-ks": ACOUSTIC_GUITAR, "bass-ks": UPRIGHT_BASS },
  cinematic: {
    "bass-fm": sound(42, "Low Strings"),
    "bass-saw": sound(42, "Low Strings"),
    "bell-fm": sound(8, "Celesta"),
    "lead-saw": sound(60, "French Horns"),
  },
  ambient: { "strings-saw": sound(49, "Slow Strings") },
};

/** Genres made of synthesizers: every part keeps its synthesized patch unless the request names an instrument. */
const SYNTH_GENRES: ReadonlySet<string> = new Set(["synthwave", "edm", "drum and bass"]);

/** Instruments a request may name, the patch the composer plays them with, and the recorded one. */
const NAMED: readonly {
  readonly words: readonly string[];
  readonly patch: PatchName;
  readonly sound: SampledSound;
}[] = [
  {
    words: ["distorted guitar", "distortion guitar", "heavy guitar", "power chords"],
    patch: "guitar-ks",
    sound: DISTORTION_GUITAR,
  },
  {
    words: ["overdriven guitar", "overdrive guitar", "crunchy guitar"],
    patch: "guitar-ks",
    sound: OVERDRIVE_GUITAR,
  },
  { words: ["nylon guitar", "classical guitar", "spanish guitar"], patch: "guitar-ks", sound: NYLON_GUITAR },
  { words: ["acoustic guitar", "acoustic guitars"], patch: "guitar-ks", sound: ACOUSTIC_GUITAR },
  { words: ["tenor sax", "tenor saxophone"], patch: "lead-square", sound: sound(66, "Tenor Sax") },
  { words: ["saxophone", "sax", "alto sax"], patch: "lead-square", sound: ALTO_SAX },
  { words: ["clarinet"], patch: "lead-square", sound: sound(71, "Clarinet") },
  { words: ["flute", "woodwinds"], patch: "lead-square", sound: sound(73, "Flute") },
  { words: ["oboe"], patch: "lead-square", sound: sound(68, "Oboe") },
  { words: ["trumpet", "trumpets"], patch: "lead-saw", sound: sound(56, "Trumpet") },
  { words: ["trombone"], patch: "lead-saw", sound: sound(57, "Trombone") },
  { words: ["brass", "horns", "horn section"], patch: "lead-saw", sound: BRASS },
  { words: ["violin", "violins"], patch: "strings-saw", sound: sound(40, "Violin") },
  { words: ["cello"], patch: "strings-saw", sound: sound(42, "Cello") },
  { words: ["strings", "orchestra", "orchestral"], patch: "strings-saw", sound: STRINGS },
  { words: ["upright bass", "double bass"], patch: "bass-ks", sound: UPRIGHT_BASS },
  { words: ["bass guitar"], patch: "bass-ks", sound: BASS_GUITAR },
  { words: ["banjo"], patch: "pluck-ks", sound: sound(105, "Banjo") },
  { words: ["sitar"], patch: "pluck-ks", sound: sound(104, "Sitar") },
  { words: ["harp"], patch: "pluck-ks", sound: sound(46, "Harp") },
  { words: ["marimba"], patch: "pluck-ks", sound: sound(12, "Marimba") },
  { words: ["kalimba"], patch: "pluck-ks", sound: sound(108, "Kalimba") },
  { words: ["koto"], patch: "pluck-ks", sound: sound(107, "Koto") },
  { words: ["vibraphone"], patch: "bell-fm", sound: VIBRAPHONE },
  { words: ["celesta"], patch: "bell-fm", sound: sound(8, "Celesta") },
  { words: ["music box"], patch: "bell-fm", sound: sound(10, "Music Box") },
  { words: ["glockenspiel", "bells", "bell"], patch: "bell-fm", sound: GLOCKENSPIEL },
  { words: ["electric piano", "rhodes", "wurlitzer"], patch: "epiano-fm", sound: ELECTRIC_PIANO },
  { words: ["piano", "pianos"], patch: "piano-fm", sound: PIANO },
  { words: ["organ", "hammond"], patch: "organ", sound: ORGAN },
];

/**
 * General MIDI drum kits (programs on the percussion channel) per genre, for the genres whose kit
 * is a real one; others play the Standard kit. The synthesized electronic kits (808, lo-fi) stay.
 */
const KITS: Readonly<Record<string, number>> = {
  rock: 16,
  punk: 16,
  metal: 16,
  jazz: 40,
  "bossa nova": 40,
  folk: 8,
  country: 8,
  cinematic: 48,
};
const STANDARD_KIT = 0;
const ELECTRONIC_KIT = 24;

/**
 * The recorded instrument that plays a part written for `patch` in `genre`, or null for the
 * synthesized patch. `text` and `negative` are the request's style text and what it rules out,
 * lower-cased.
 */
export function sampledSound(
  genre: string,
  patch: PatchName,
  text: string,
  negative: string,
): SampledSound | null {
  const named = NAMED.find(
    (n) => n.patch === patch && mentions(text, n.words) && !mentions(negative, n.words),
  );
  if (named) return named.sound;
  if (SYNTH_GENRES.has(genre)) return null;
  const byGenre = BY_GENRE[genre];
  if (byGenre && patch in byGenre) return byGenre[patch] ?? null;
  return USUAL[patch];
}

/**
 * A part's notes moved up by whole octaves until its lowest is in the instrument's range (as an
 * arranger writes a glockenspiel part), without passing MIDI's highest note.
 */
export function intoRange(sound: SampledSound | null, notes: readonly Note[]): readonly Note[] {
  const lowest = sound?.lowest;
  if (lowest === undefined || notes.length === 0) return notes;
  const pitches = notes.map((note) => note.pitch);
  const wanted = Math.ceil((lowest - Math.min(...pitches)) / 12);
  const octaves = Math.max(0, Math.min(wanted, Math.floor((127 - Math.max(...pitches)) / 12)));
  return octaves === 0 ? notes : notes.map((note) => ({ ...note, pitch: note.pitch + 12 * octaves }));
}

/** The SoundFont drum kit (a General MIDI kit program) for the genre's kit, or null for the synthesized kit. */
export function sampledKit(genre: string, kit: DrumKit): number | null {
  if (SYNTH_GENRES.has(genre)) return null;
  if (kit === "acoustic") return KITS[genre] ?? STANDARD_KIT;
  if (kit === "electronic") return ELECTRONIC_KIT;
  return null;
}

/** The sounds of a style's parts, by role (and the layer), for the arrangement. */
export type PartSounds = Readonly<Record<PartRole | "layer", SampledSound | null>>;

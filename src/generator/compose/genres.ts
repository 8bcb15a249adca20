// The genre presets: what a style tag turns into. Rhythms are one 4/4 bar of sixteenth steps:
// drums "x" hit, "X" accent, "o" ghost; bass and chords "x" (or a note letter) starts a note,
// "-" holds it, "." is silence. Bass letters: r root, f fifth, o octave, t third, a approach
// (a scale step toward the next chord's root).

import type { DrumKit, DrumName, PatchName } from "../score.ts";
import type { Mode } from "./key.ts";

export type DrumPattern = Partial<Record<DrumName, string>>;

export interface GenrePreset {
  readonly name: string;
  /** Words that select the genre (matched as whole words in the tags). */
  readonly keywords: readonly string[];
  readonly tempo: readonly [number, number];
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
  /** 0 (straight) .. 1 (triplet feel), and the note value swung (0.5 = eighths, 0.25 = sixteenths). */
  readonly swing: number;
  readonly swingUnit: 0.5 | 0.25;
  /** How full the quietest and the loudest sections get. */
  readonly energy: readonly [number, number];
  readonly reverb: { readonly size: number; readonly wet: number };
  readonly delay: { readonly beats: number; readonly feedback: number; readonly wet: number };
  readonly sidechain: number;
}

const BACKBEAT = "....x.......x...";
const EIGHTHS = "x.x.x.x.x.x.x.x.";

export const GENRE_PRESETS: readonly GenrePreset[] = [
  {
    name: "pop",
    keywords: ["pop", "dance pop", "synthpop", "k-pop", "kpop", "j-pop", "indie pop", "electropop", "radio"],
    tempo: [96, 124],
    modes: ["major", "minor"],
    progressions: {
      major: [
        [0, 4, 5, 3],
        [5, 3, 0, 4],
        [0, 5, 3, 4],
        [3, 0, 4, 5],
      ],
      minor: [
        [0, 5, 2, 6],
        [0, 3, 5, 6],
        [5, 3, 0, 6],
      ],
    },
    sevenths: 0.1,
    chordBeats: 4,
    drums: { kick: "x.......x.x.....", snare: BACKBEAT, closedHat: EIGHTHS, openHat: "..............x." },
    drumsLow: { kick: "x.......x.......", closedHat: "x...x...x...x..." },
    kit: "electronic",
    bass: "r---..r-r---..f-",
    chords: "x---..x-..x-x---",
    layer: "pad-saw",
    arpeggio: false,
    patches: {
      bass: ["bass-saw", "bass-sub", "bass-fm"],
      chords: ["piano-fm", "pad-saw", "epiano-fm"],
      lead: ["lead-square", "bell-fm", "pluck-ks"],
    },
    swing: 0,
    swingUnit: 0.5,
    energy: [0.35, 0.9],
    reverb: { size: 0.55, wet: 0.2 },
    delay: { beats: 0.75, feedback: 0.3, wet: 0.12 },
    sidechain: 0.15,
  },
  {
    name: "rock",
    keywords: [
      "rock",
      "punk",
      "grunge",
      "alternative",
      "alt rock",
      "indie rock",
      "garage",
      "hard rock",
      "pop punk",
      "blues",
      "emo",
      "shoegaze",
      "britpop",
      "surf",
    ],
    tempo: [110, 150],
    modes: ["major", "mixolydian", "minor"],
    progressions: {
      major: [
        [0, 6, 3, 0],
        [0, 3, 4, 3],
        [0, 4, 5, 3],
        [5, 3, 0, 4],
      ],
      minor: [
        [0, 6, 5, 6],
        [0, 5, 2, 6],
        [0, 3, 6, 0],
      ],
    },
    sevenths: 0,
    chordBeats: 4,
    drums: { kick: "x.....x.x.......", snare: BACKBEAT, closedHat: EIGHTHS },
    drumsLow: { kick: "x.......x.......", snare: BACKBEAT, closedHat: "x...x...x...x..." },
    kit: "acoustic",
    bass: "r-r-r-r-r-r-r-r-",
    chords: "x-x-x-x-x-x-x-x-",
    layer: "organ",
    arpeggio: false,
    patches: {
      bass: ["bass-ks", "bass-saw"],
      chords: ["guitar-ks", "organ"],
      lead: ["lead-saw", "guitar-ks"],
    },
    swing: 0,
    swingUnit: 0.5,
    energy: [0.45, 1],
    reverb: { size: 0.45, wet: 0.15 },
    delay: { beats: 0.5, feedback: 0.2, wet: 0.06 },
    sidechain: 0,
  },
  {
    name: "metal",
    keywords: ["metal", "heavy metal", "metalcore", "thrash", "doom", "djent", "death metal"],
    tempo: [130, 180],
    modes: ["phrygian", "minor"],
    progressions: {
      major: [[0, 6, 5, 6]],
      minor: [
        [0, 1, 0, 6],
        [0, 5, 6, 0],
        [0, 0, 5, 6],
      ],
    },
    sevenths: 0,
    chordBeats: 4,
    drums: { kick: "x.x.x.x.x.x.x.x.", snare: BACKBEAT, crash: "x.......x.......", ride: EIGHTHS },
    drumsLow: { kick: "x.....x.x.......", snare: BACKBEAT, closedHat: EIGHTHS },
    kit: "acoustic",
    bass: "r.r.r.r.r.r.r.r.",
    chords: "x.x.x.x.x-x-x.x.",
    layer: "strings-saw",
    arpeggio: false,
    patches: {
      bass: ["bass-saw", "bass-ks"],
      chords: ["guitar-ks", "lead-saw"],
      lead: ["lead-saw", "lead-square"],
    },
    swing: 0,
    swingUnit: 0.5,
    energy: [0.55, 1],
    reverb: { size: 0.4, wet: 0.12 },
    delay: { beats: 0.5, feedback: 0.15, wet: 0.04 },
    sidechain: 0,
  },
  {
    name: "hip hop",
    keywords: ["hip hop", "hip-hop", "hiphop", "rap", "boom bap", "boombap", "grime"],
    tempo: [84, 98],
    modes: ["minor", "dorian"],
    progressions: {
      major: [
        [0, 5, 1, 4],
        [3, 2, 1, 0],
      ],
      minor: [
        [0, 5, 3, 4],
        [0, 6, 5, 6],
        [0, 3],
      ],
    },
    sevenths: 0.5,
    chordBeats: 4,
    drums: { kick: "x......x..x.....", snare: BACKBEAT, closedHat: EIGHTHS },
    drumsLow: { kick: "x.........x.....", closedHat: EIGHTHS },
    kit: "808",
    bass: "r------.r-.r----",
    chords: "x-------x-------",
    layer: "strings-saw",
    arpeggio: false,
    patches: {
      bass: ["bass-sub", "bass-fm"],
      chords: ["epiano-fm", "piano-fm", "strings-saw"],
      lead: ["bell-fm", "pluck-ks"],
    },
    swing: 0.35,
    swingUnit: 0.25,
    energy: [0.45, 0.85],
    reverb: { size: 0.35, wet: 0.12 },
    delay: { beats: 0.75, feedback: 0.25, wet: 0.08 },
    sidechain: 0.1,
  },
  {
    name: "trap",
    keywords: ["trap", "drill", "808", "phonk", "cloud rap"],
    tempo: [130, 150],
    modes: ["minor", "phrygian"],
    progressions: {
      major: [[0, 5, 3, 4]],
      minor: [
        [0, 5],
        [0, 5, 6, 5],
        [0, 3, 5, 4],
      ],
    },
    sevenths: 0.2,
    chordBeats: 8,
    drums: {
      kick: "x.........x..x..",
      clap: "........x.......",
      closedHat: "x.x.x.x.xxx.x.xx",
      openHat: "......x.........",
    },
    drumsLow: { kick: "x...............", closedHat: "x...x...x...x..." },
    kit: "808",
    bass: "r---------r--r--",
    chords: "x---------------",
    layer: "strings-saw",
    arpeggio: true,
    patches: {
      bass: ["bass-sub"],
      chords: ["pad-saw", "bell-fm", "strings-saw"],
      lead: ["bell-fm", "pluck-ks", "lead-square"],
    },
    swing: 0,
    swingUnit: 0.25,
    energy: [0.4, 0.95],
    reverb: { size: 0.5, wet: 0.18 },
    delay: { beats: 0.75, feedback: 0.35, wet: 0.1 },
    sidechain: 0.2,
  },
  {
    name: "lo-fi",
    keywords: ["lo-fi", "lofi", "lo fi", "chillhop", "study", "jazzhop", "bedroom"],
    tempo: [70, 90],
    modes: ["major", "dorian", "minor"],
    progressions: {
      major: [
        [1, 4, 0, 5],
        [3, 2, 1, 0],
        [0, 5, 1, 4],
      ],
      minor: [
        [0, 3, 6, 2],
        [0, 5, 1, 4],
      ],
    },
    sevenths: 0.85,
    chordBeats: 4,
    drums: { kick: "x.....x...x.....", snare: BACKBEAT, closedHat: EIGHTHS },
    drumsLow: { kick: "x.........x.....", closedHat: "x...x...x...x..." },
    kit: "lofi",
    bass: "r-----r-..f-r---",
    chords: "x-------..x-----",
    layer: null,
    arpeggio: false,
    patches: {
      bass: ["bass-fm", "bass-sub"],
      chords: ["epiano-fm", "piano-fm"],
      lead: ["pluck-ks", "bell-fm", "epiano-fm"],
    },
    swing: 0.45,
    swingUnit: 0.25,
    energy: [0.3, 0.7],
    reverb: { size: 0.5, wet: 0.22 },
    delay: { beats: 0.75, feedback: 0.3, wet: 0.1 },
    sidechain: 0.1,
  },
  {
    name: "edm",
    keywords: [
      "edm",
      "house",
      "techno",
      "trance",
      "electronic",
      "dance",
      "deep house",
      "dubstep",
      "electro",
      "club",
      "disco",
      "eurodance",
      "future bass",
      "synthwave",
      "retrowave",
      "uk garage",
      "drum and bass",
      "dnb",
    ],
    tempo: [120, 128],
    modes: ["minor", "major"],
    progressions: {
      major: [
        [5, 3, 0, 4],
        [0, 4, 5, 3],
      ],
      minor: [
        [0, 5, 2, 6],
        [0, 5, 3, 6],
        [5, 3, 0, 6],
      ],
    },
    sevenths: 0.2,
    chordBeats: 4,
    drums: {
      kick: "x...x...x...x...",
      clap: BACKBEAT,
      closedHat: "xxxxxxxxxxxxxxxx",
      openHat: "..x...x...x...x.",
    },
    drumsLow: { kick: "x...x...x...x...", closedHat: "..x...x...x...x." },
    kit: "electronic",
    bass: "..o-..o-..o-..o-",
    chords: "..x-..x-..x-..x-",
    layer: "pad-saw",
    arpeggio: true,
    patches: {
      bass: ["bass-saw", "bass-sub", "bass-fm"],
      chords: ["pad-saw", "pluck-ks", "piano-fm"],
      lead: ["lead-saw", "pluck-ks", "lead-square"],
    },
    swing: 0,
    swingUnit: 0.25,
    energy: [0.35, 1],
    reverb: { size: 0.6, wet: 0.2 },
    delay: { beats: 0.75, feedback: 0.4, wet: 0.12 },
    sidechain: 0.6,
  },
  {
    name: "jazz",
    keywords: ["jazz", "swing", "bebop", "bossa", "bossa nova", "big band", "smooth jazz", "lounge"],
    tempo: [96, 150],
    modes: ["major", "dorian", "minor"],
    progressions: {
      major: [
        [1, 4, 0, 0],
        [0, 5, 1, 4],
        [2, 5, 1, 4],
      ],
      minor: [
        [0, 3, 6, 2],
        [1, 4, 0, 0],
        [0, 5, 1, 4],
      ],
    },
    sevenths: 1,
    chordBeats: 4,
    drums: {
      ride: "x...x.x.x...x.x.",
      closedHat: "....x.......x...",
      kick: "x..........o....",
      snare: "......o.......o.",
    },
    drumsLow: { ride: "x...x.x.x...x.x.", closedHat: "....x.......x..." },
    kit: "acoustic",
    bass: "r---t---f---a---",
    chords: "x--.....x-....x.",
    layer: null,
    arpeggio: false,
    patches: {
      bass: ["bass-ks", "bass-fm"],
      chords: ["piano-fm", "epiano-fm", "organ"],
      lead: ["epiano-fm", "bell-fm", "lead-square"],
    },
    swing: 0.6,
    swingUnit: 0.5,
    energy: [0.35, 0.8],
    reverb: { size: 0.45, wet: 0.18 },
    delay: { beats: 0.5, feedback: 0.15, wet: 0.04 },
    sidechain: 0,
  },
  {
    name: "r&b",
    keywords: ["r&b", "rnb", "soul", "neo soul", "neo-soul", "funk", "motown", "gospel", "contemporary r&b"],
    tempo: [70, 100],
    modes: ["dorian", "minor", "major"],
    progressions: {
      major: [
        [3, 2, 1, 0],
        [0, 5, 1, 4],
        [3, 4, 2, 5],
      ],
      minor: [
        [0, 3, 6, 2],
        [0, 6, 5, 6],
        [1, 4, 0, 5],
      ],
    },
    sevenths: 0.8,
    chordBeats: 4,
    drums: {
      kick: "x..x......x..x..",
      snare: BACKBEAT,
      closedHat: "x.xxx.x.x.xxx.x.",
      shaker: "..x...x...x...x.",
    },
    drumsLow: { kick: "x.........x.....", closedHat: EIGHTHS },
    kit: "electronic",
    bass: "r--.r-.fr--.o-a.",
    chords: "x-----x-..x-----",
    layer: "strings-saw",
    arpeggio: false,
    patches: {
      bass: ["bass-fm", "bass-sub"],
      chords: ["epiano-fm", "organ", "piano-fm"],
      lead: ["epiano-fm", "bell-fm", "lead-square"],
    },
    swing: 0.3,
    swingUnit: 0.25,
    energy: [0.35, 0.85],
    reverb: { size: 0.5, wet: 0.2 },
    delay: { beats: 0.75, feedback: 0.25, wet: 0.08 },
    sidechain: 0.05,
  },
  {
    name: "country",
    keywords: ["country", "folk", "americana", "bluegrass", "singer-songwriter", "western", "indie folk"],
    tempo: [88, 126],
    modes: ["major", "mixolydian"],
    progressions: {
      major: [
        [0, 3, 4, 0],
        [0, 0, 3, 4],
        [0, 4, 5, 3],
        [0, 3, 0, 4],
      ],
      minor: [
        [0, 6, 5, 6],
        [0, 3, 6, 0],
      ],
    },
    sevenths: 0.05,
    chordBeats: 4,
    drums: { kick: "x.......x.......", snare: BACKBEAT, closedHat: EIGHTHS, shaker: "xxxxxxxxxxxxxxxx" },
    drumsLow: { shaker: EIGHTHS, kick: "x.......x......." },
    kit: "acoustic",
    bass: "r-------f-------",
    chords: "x-.xx-x-x-.xx-x-",
    layer: "organ",
    arpeggio: true,
    patches: {
      bass: ["bass-ks", "bass-fm"],
      chords: ["guitar-ks", "piano-fm"],
      lead: ["guitar-ks", "pluck-ks", "organ"],
    },
    swing: 0.1,
    swingUnit: 0.5,
    energy: [0.35, 0.8],
    reverb: { size: 0.45, wet: 0.16 },
    delay: { beats: 0.5, feedback: 0.2, wet: 0.05 },
    sidechain: 0,
  },
  {
    name: "ambient",
    keywords: [
      "ambient",
      "drone",
      "new age",
      "meditation",
      "atmospheric",
      "soundscape",
      "chillout",
      "downtempo",
      "lullaby",
    ],
    tempo: [60, 84],
    modes: ["lydian", "major", "dorian"],
    progressions: {
      major: [
        [0, 3],
        [0, 5, 3, 0],
        [0, 1],
      ],
      minor: [
        [0, 5],
        [0, 3, 5, 6],
      ],
    },
    sevenths: 0.5,
    chordBeats: 8,
    drums: { kick: "x.........x.....", shaker: "..x...x...x...x." },
    drumsLow: {},
    kit: "lofi",
    bass: "r---------------",
    chords: "x---------------",
    layer: "strings-saw",
    arpeggio: true,
    patches: {
      bass: ["bass-sub", "bass-fm"],
      chords: ["pad-saw", "strings-saw"],
      lead: ["bell-fm", "pluck-ks", "epiano-fm"],
    },
    swing: 0,
    swingUnit: 0.5,
    energy: [0.15, 0.55],
    reverb: { size: 0.9, wet: 0.4 },
    delay: { beats: 1.5, feedback: 0.45, wet: 0.2 },
    sidechain: 0,
  },
  {
    name: "reggae",
    keywords: ["reggae", "dub", "ska", "dancehall", "roots", "reggaeton"],
    tempo: [70, 96],
    modes: ["major", "minor"],
    progressions: {
      major: [
        [0, 3, 4, 3],
        [0, 4, 5, 3],
        [0, 3],
      ],
      minor: [
        [0, 3, 0, 4],
        [0, 6, 5, 6],
      ],
    },
    sevenths: 0.1,
    chordBeats: 4,
    drums: { kick: "........x.......", snare: "........x.......", closedHat: EIGHTHS },
    drumsLow: { kick: "........x.......", closedHat: "x...x...x...x..." },
    kit: "acoustic",
    bass: "r--.r-..f--.t-a.",
    chords: "....x-......x-..",
    layer: null,
    arpeggio: false,
    patches: {
      bass: ["bass-sub", "bass-fm"],
      chords: ["organ", "guitar-ks", "epiano-fm"],
      lead: ["organ", "lead-square", "bell-fm"],
    },
    swing: 0.2,
    swingUnit: 0.25,
    energy: [0.4, 0.8],
    reverb: { size: 0.55, wet: 0.18 },
    delay: { beats: 0.75, feedback: 0.45, wet: 0.14 },
    sidechain: 0,
  },
  {
    name: "latin",
    keywords: [
      "latin",
      "salsa",
      "bachata",
      "cumbia",
      "samba",
      "tango",
      "flamenco",
      "merengue",
      "mariachi",
      "bolero",
      "afrobeat",
      "afrobeats",
    ],
    tempo: [96, 124],
    modes: ["minor", "major"],
    progressions: {
      major: [
        [0, 3, 4, 4],
        [0, 4, 4, 0],
        [0, 5, 3, 4],
      ],
      minor: [
        [0, 3, 4, 0],
        [0, 6, 5, 4],
        [0, 3, 6, 2],
      ],
    },
    sevenths: 0.3,
    chordBeats: 4,
    drums: {
      kick: "x..x..x.x..x..x.",
      clap: "x..x..x...x.x...",
      shaker: "xxxxxxxxxxxxxxxx",
      highTom: "......x.......x.",
    },
    drumsLow: { shaker: "x.x.x.x.x.x.x.x.", clap: "x..x..x...x.x..." },
    kit: "acoustic",
    bass: "r.....f---r.....",
    chords: "x..x..x...x.x-..",
    layer: null,
    arpeggio: false,
    patches: {
      bass: ["bass-ks", "bass-fm"],
      chords: ["piano-fm", "guitar-ks"],
      lead: ["lead-square", "guitar-ks", "bell-fm"],
    },
    swing: 0,
    swingUnit: 0.25,
    energy: [0.45, 0.9],
    reverb: { size: 0.45, wet: 0.16 },
    delay: { beats: 0.5, feedback: 0.2, wet: 0.05 },
    sidechain: 0,
  },
  {
    name: "cinematic",
    keywords: [
      "cinematic",
      "classical",
      "orchestral",
      "soundtrack",
      "score",
      "film",
      "piano solo",
      "baroque",
      "symphonic",
      "opera",
      "musical",
      "broadway",
      "trailer",
    ],
    tempo: [70, 110],
    modes: ["minor", "major", "lydian"],
    progressions: {
      major: [
        [0, 5, 3, 4],
        [5, 3, 0, 4],
        [0, 2, 3, 4],
      ],
      minor: [
        [0, 5, 2, 6],
        [0, 3, 4, 0],
        [5, 3, 0, 4],
      ],
    },
    sevenths: 0.1,
    chordBeats: 4,
    drums: { kick: "x.......x.......", lowTom: "x.....x.x.......", highTom: "............x.x." },
    drumsLow: {},
    kit: "acoustic",
    bass: "r---------------",
    chords: "x-------x-------",
    layer: "strings-saw",
    arpeggio: true,
    patches: {
      bass: ["bass-fm", "bass-saw"],
      chords: ["strings-saw", "piano-fm", "pad-saw"],
      lead: ["strings-saw", "bell-fm", "piano-fm"],
    },
    swing: 0,
    swingUnit: 0.5,
    energy: [0.25, 1],
    reverb: { size: 0.85, wet: 0.32 },
    delay: { beats: 1, feedback: 0.2, wet: 0.05 },
    sidechain: 0,
  },
];

export const DEFAULT_GENRE = "pop";

export function genrePreset(name: string): GenrePreset {
  const preset = GENRE_PRESETS.find((p) => p.name === name);
  if (!preset) throw new Error(`Unknown genre: ${name}`);
  return preset;
}

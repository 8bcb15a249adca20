// The composed song, before any sound: what the composer hands the renderer, the vocal singer
// and the MIDI writer. Everything here is plain data (structured-cloneable into worker threads)
// and deterministic for a given request and seed.
//
// Times are in beats (quarter notes) from the song start at one constant tempo, so a song's
// sections, notes and words line up with the MIDI file and the downbeats without a tempo map.

import type { Beats } from "../shared/time.ts";

/** The stems every song has, in this order (Get Stems serves them under these names). */
export const STEM_NAMES = ["drums", "bass", "chords", "lead", "vocals"] as const;
export type StemName = (typeof STEM_NAMES)[number];

/** Pitched timbres the renderer can play (dsp/synth): the composer picks among these by genre. */
export const PATCH_NAMES = [
  "piano-fm",
  "epiano-fm",
  "organ",
  "pad-saw",
  "strings-saw",
  "pluck-ks",
  "guitar-ks",
  "bell-fm",
  "lead-square",
  "lead-saw",
  "bass-sub",
  "bass-saw",
  "bass-fm",
  "bass-ks",
] as const;
export type PatchName = (typeof PATCH_NAMES)[number];

/** Synthesized drum kits: each voices every DrumName its own way. */
export const DRUM_KITS = ["acoustic", "electronic", "808", "lofi"] as const;
export type DrumKit = (typeof DRUM_KITS)[number];

/** General MIDI percussion keys, so the drum MIDI opens in any DAW. */
export const DRUM_NOTES = {
  kick: 36,
  snare: 38,
  clap: 39,
  closedHat: 42,
  openHat: 46,
  lowTom: 45,
  highTom: 50,
  crash: 49,
  ride: 51,
  shaker: 70,
} as const;
export type DrumName = keyof typeof DRUM_NOTES;

export interface Note {
  readonly start: Beats;
  readonly duration: Beats;
  /** MIDI note number (60 = middle C). */
  readonly pitch: number;
  /** 0..1 */
  readonly velocity: number;
}

export interface DrumHit {
  readonly start: Beats;
  readonly drum: DrumName;
  readonly velocity: number;
}

/** One sung note: a syllable (or its continuation, a melisma) on a pitch. */
export interface VocalNote extends Note {
  /** The syllable's text as written in the lyrics ("" for a melisma continuing the previous one). */
  readonly syllable: string;
  /** Index into Score.vocals.words of the word this syllable belongs to. */
  readonly word: number;
}

export interface SongSection {
  /** As tagged in the lyrics, lower-cased without brackets: "intro", "verse", "pre-chorus", "chorus", "bridge", "outro", ... */
  readonly kind: string;
  readonly start: Beats;
  readonly end: Beats;
  /** 0..1, how full the arrangement is: the chorus lifts. */
  readonly energy: number;
}

/** A chord of the song's harmony, kept so cover, extend and infill can build on it. */
export interface ChordSpan {
  readonly start: Beats;
  readonly end: Beats;
  /** Scale degree of the root in the song's mode (0 = the tonic). */
  readonly degree: number;
  /** Chord tones as scale steps above the root: [0, 2, 4] a triad, [0, 2, 4, 6] a seventh. */
  readonly steps: readonly number[];
  /** As tonal names it: "Am7", "F", "Gsus4". */
  readonly symbol: string;
}

export interface InstrumentPart {
  readonly stem: Exclude<StemName, "drums" | "vocals">;
  readonly patch: PatchName;
  /** Instrument name for the MIDI track ("Piano", "Bass", ...). */
  readonly name: string;
  readonly notes: readonly Note[];
  /** Linear gain in the stem, before mixing. */
  readonly gain: number;
  /** -1 (left) .. 1 (right) */
  readonly pan: number;
  /**
   * The General MIDI program (0-127) whose recorded samples play the part, from the SoundFont;
   * absent, the synthesized patch plays it.
   */
  readonly program?: number;
}

export interface VocalPart {
  /** "m" or "f": the singer's register and eSpeak voice. */
  readonly gender: "m" | "f";
  /** eSpeak-NG voice name (e.g. "en-us"): languages other than English when the lyrics are. */
  readonly voice: string;
  readonly words: readonly string[];
  readonly notes: readonly VocalNote[];
  readonly gain: number;
}

export interface Score {
  readonly seed: number;
  readonly bpm: number;
  readonly beatsPerBar: number;
  /** Tonic and mode as tonal spells them: "A" + "minor", "Eb" + "major", "D" + "dorian". */
  readonly key: { readonly tonic: string; readonly mode: string };
  readonly genre: string;
  readonly lengthBeats: Beats;
  readonly sections: readonly SongSection[];
  readonly drums: {
    readonly kit: DrumKit;
    readonly hits: readonly DrumHit[];
    readonly gain: number;
    /** The SoundFont's drum kit (a General MIDI kit program) that plays the hits; absent, the synthesized kit does. */
    readonly program?: number;
  };
  /** bass, chords and lead (at least one each; "lead" may be a counter-melody when there are vocals). */
  readonly parts: readonly InstrumentPart[];
  /** Absent for instrumentals. */
  readonly vocals: VocalPart | null;
  /** Effect sends the mix uses: reverb size and wet level, delay time in beats and feedback, sidechain depth. */
  readonly mix: {
    readonly reverb: { readonly size: number; readonly wet: number };
    readonly delay: { readonly beats: number; readonly feedback: number; readonly wet: number };
    readonly sidechain: number;
  };
  /** The harmony the parts follow (added by the composer; absent in scores from before it). */
  readonly chords?: readonly ChordSpan[];
}

// Pitches as scale steps: the composer thinks in steps of the song's mode (0 = the tonic, 7 = the
// tonic an octave up) and turns them into MIDI notes only at the end, so every chord tone, bass
// note and melody note it writes is in the key by construction.

import { Interval, Note, Scale } from "tonal";

export interface SongKey {
  readonly tonic: string;
  readonly mode: string;
}

/** The seven-note modes the composer writes in (tonal's names). */
export const MODES = ["major", "minor", "dorian", "phrygian", "lydian", "mixolydian"] as const;
export type Mode = (typeof MODES)[number];

/** Modes whose third is minor: they take the minor progressions. */
export function isMinorMode(mode: string): boolean {
  return (
    mode === "minor" || mode === "dorian" || mode === "phrygian" || mode === "aeolian" || mode === "locrian"
  );
}

/** A seven-note scale tonal knows: the only kind the composer writes in. */
export function isWritableKey(key: SongKey): boolean {
  const scale = Scale.get(`${key.tonic} ${key.mode}`);
  return !scale.empty && scale.intervals.length === 7;
}

export class ScaleSteps {
  /** Semitones of each degree above the tonic. */
  readonly semitones: readonly number[];
  readonly tonicChroma: number;
  readonly pitchClasses: ReadonlySet<number>;

  constructor(readonly key: SongKey) {
    if (!isWritableKey(key)) throw new Error(`Unknown key: ${key.tonic} ${key.mode}`);
    const scale = Scale.get(`${key.tonic} ${key.mode}`);
    this.semitones = scale.intervals.map((interval) => Interval.semitones(interval) ?? 0);
    this.tonicChroma = Note.chroma(key.tonic) ?? 0;
    this.pitchClasses = new Set(this.semitones.map((s) => (s + this.tonicChroma) % 12));
  }

  /** MIDI note of scale step `step` counted from the tonic in octave `octave` (C4 = 60 is octave 4). */
  midi(step: number, octave: number): number {
    const degree = ((step % 7) + 7) % 7;
    const octaves = Math.floor(step / 7);
    return 12 * (octave + 1) + this.tonicChroma + 12 * octaves + this.semitones[degree];
  }

  /** The scale step (from the tonic of octave `octave`) nearest to a MIDI note; ties go down. */
  stepOf(midi: number, octave: number): number {
    const base = 12 * (octave + 1) + this.tonicChroma;
    const relative = midi - base;
    const octaves = Math.floor(relative / 12);
    const within = relative - 12 * octaves;
    let best = 0;
    for (let d = 0; d < 7; d++)
      if (Math.abs(this.semitones[d] - within) < Math.abs(this.semitones[best] - within)) best = d;
    if (within - this.semitones[6] > 12 - within) return 7 * (octaves + 1);
    return 7 * octaves + best;
  }

  inScale(midi: number): boolean {
    return this.pitchClasses.has(((midi % 12) + 12) % 12);
  }
}

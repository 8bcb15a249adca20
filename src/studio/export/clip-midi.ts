/** A note of a source's MIDI, timed in the source's own seconds (as its audio is). */
export interface MidiNote {
  readonly midi: number;
  readonly startSeconds: number;
  readonly durationSeconds: number;
  /** 0..1 */
  readonly velocity: number;
}

/**
 * The MIDI that goes with a source's audio, when the source has any (generated songs will carry
 * it; uploads have none). An export writes a .mid file for each clip that plays such a source.
 */
export interface ClipMidi {
  readonly instrument?: string;
  readonly notes: readonly MidiNote[];
}

/** A note of a source's MIDI, timed in the source's own seconds (as its audio is). */
export interface MidiNote {
  readonly midi: number;
  readonly startSeconds: number;
  readonly durationSeconds: number;
  /** 0..1 */
  readonly velocity: number;
}

/** One instrument of a source's MIDI (a generated song has one per part, the drums and the vocals). */
export interface MidiPart {
  /** The part's name; a clip's .mid names a nameless part after the clip. */
  readonly name?: string;
  /** A General MIDI instrument name, used when there is no program number. */
  readonly instrument?: string;
  /** The General MIDI program (0-based). */
  readonly program?: number;
  /** 0-based; 9 is General MIDI's percussion channel. */
  readonly channel?: number;
  readonly notes: readonly MidiNote[];
}

/**
 * The MIDI that goes with a source's audio, when the source has any (generated songs carry it,
 * uploads have none). An export writes a .mid file for each clip that plays such a source, with a
 * track per part.
 */
export interface ClipMidi {
  readonly parts: readonly MidiPart[];
}

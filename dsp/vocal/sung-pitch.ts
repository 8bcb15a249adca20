// The sung f0 of one syllable: its notes' pitches, a portamento into each note from the one
// before (a raised-cosine glide in cents), and a vibrato that fades in on long notes.

/** f64 fields per note in the notes buffer: start frame, end frame (from the syllable's start), MIDI pitch. */
export const NOTE_FIELDS: i32 = 3;
export const NOTE_BYTES: i32 = NOTE_FIELDS * 8;

@unmanaged
export class Expression {
  glideFrames: f64 = 0;
  vibratoRate: f64 = 0;
  vibratoDepthCents: f64 = 0;
  vibratoDelayFrames: f64 = 0;
  vibratoRampFrames: f64 = 0;
  vibratoMinFrames: f64 = 0;
  attackFrames: f64 = 0;
  releaseFrames: f64 = 0;
}

function noteField(notes: usize, index: i32, field: i32): f64 {
  return load<f64>(notes + <usize>(index * NOTE_BYTES + field * 8));
}

/**
 * The sung frequency in Hz at `t` frames from the syllable's start, on the note that holds t (the
 * first before it starts, the last after it ends). glideFrom: the MIDI pitch sung just before the
 * syllable (a legato join), or 0 for none.
 */
export function sungFrequency(
  notes: usize,
  count: i32,
  t: f64,
  glideFrom: f64,
  e: Expression,
  sampleRate: f64,
): f64 {
  let index = 0;
  while (index + 1 < count && t >= noteField(notes, index + 1, 0)) index++;
  const start = noteField(notes, index, 0);
  const end = noteField(notes, index, 1);
  const pitch = noteField(notes, index, 2);
  let midi = pitch;
  const from = index > 0 ? noteField(notes, index - 1, 2) : glideFrom;
  const into = t - start;
  if (from > 0 && from != pitch && into < e.glideFrames && into >= 0) {
    const x = into / e.glideFrames;
    midi = from + (pitch - from) * (0.5 - 0.5 * Math.cos(Math.PI * x));
  }
  if (end - start >= e.vibratoMinFrames && into > e.vibratoDelayFrames && e.vibratoDepthCents > 0) {
    const since = into - e.vibratoDelayFrames;
    const ramp = e.vibratoRampFrames > 0 ? min(1.0, since / e.vibratoRampFrames) : 1.0;
    midi += (ramp * e.vibratoDepthCents * Math.sin((2 * Math.PI * e.vibratoRate * since) / sampleRate)) / 100;
  }
  return 440 * 2 ** ((midi - 69) / 12);
}

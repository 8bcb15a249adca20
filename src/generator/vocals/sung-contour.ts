// The sung pitch of a syllable as a singer performs it, traced in short steps the DSP core's PSOLA
// follows: a scoop up into a note sung from nothing (or a portamento from the note before), a small
// overshoot that settles, a slow drift and a few cents of deviation of its own per note, and on long
// notes a vibrato that starts late and deepens as the note is held. The MIDI keeps the intended
// notes; this is only how they are sung. Every random choice is keyed by the song's seed and the
// note's start, so a line sung in two parts is sung as it is whole.
import { hashString, Random } from "../compose/random.ts";
import type { SungNote } from "./psola-singer.ts";

/** Steps of the traced pitch: short beside a vibrato cycle (about 180 ms). */
export const CONTOUR_STEP_SECONDS = 0.005;

export const PERFORMANCE = {
  /** A note sung from nothing starts this far below (cents, a range) and scoops up. */
  scoopCents: [35, 80],
  /** Longest scoop or portamento; never more than a quarter of the note. */
  glideSeconds: 0.08,
  /** The overshoot past the target after a scoop or a portamento (cents, a range), and its length. */
  overshootCents: [5, 12],
  overshootSeconds: 0.12,
  /** Each note's own tuning (cents, standard deviation) and the slow drift's depth (cents). */
  noteDeviationCents: 4,
  driftCents: 3,
  /** Vibrato: notes at least this long get one, starting after the delay, deepening over the ramp. */
  vibratoMinNoteSeconds: 0.45,
  vibratoDelaySeconds: 0.22,
  vibratoRampSeconds: 0.5,
  vibratoRateHz: [5.2, 6],
  /** Depth (cents) reached at the end of the ramp: deeper on longer notes, up to the last. */
  vibratoDepthCents: [22, 42],
} as const;

/** A note of a syllable, in frames from the syllable's start, with its start in beats as its key. */
export interface PerformedNote extends SungNote {
  readonly key: number;
}

/** A standard normal draw (Box-Muller). */
function gaussian(random: Random): number {
  const u = Math.max(1e-12, random.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** The slow drift (cents) at a time in the song: two slow sines with the seed's phases. */
function driftOf(seed: number): (seconds: number) => number {
  const random = new Random(hashString("drift", seed));
  const a = random.next() * 2 * Math.PI;
  const b = random.next() * 2 * Math.PI;
  return (seconds) =>
    PERFORMANCE.driftCents *
    (0.6 * Math.sin(2 * Math.PI * 0.37 * seconds + a) + 0.4 * Math.sin(2 * Math.PI * 0.91 * seconds + b));
}

/** Cents off the note at `into` seconds into it: approach, overshoot and vibrato (no drift). */
export function noteCents(
  into: number,
  length: number,
  approachCents: number,
  random: { overshoot: number; vibratoRate: number; deviation: number },
): number {
  const glide = Math.min(PERFORMANCE.glideSeconds, length / 4);
  let cents = random.deviation;
  if (approachCents !== 0 && into < glide) {
    // A raised-cosine approach from the pitch before.
    cents += approachCents * (0.5 + 0.5 * Math.cos((Math.PI * into) / glide));
  } else if (approachCents !== 0) {
    const settle = Math.min(PERFORMANCE.overshootSeconds, length / 4);
    const x = (into - glide) / settle;
    if (x < 1) cents -= Math.sign(approachCents) * random.overshoot * Math.sin(Math.PI * x);
  }
  if (length >= PERFORMANCE.vibratoMinNoteSeconds && into > PERFORMANCE.vibratoDelaySeconds) {
    const since = into - PERFORMANCE.vibratoDelaySeconds;
    const [shallow, deep] = PERFORMANCE.vibratoDepthCents;
    const depth = Math.min(deep, shallow + 12 * (length - PERFORMANCE.vibratoMinNoteSeconds));
    const ramp = Math.min(1, since / PERFORMANCE.vibratoRampSeconds);
    cents += ramp * depth * Math.sin(2 * Math.PI * random.vibratoRate * since);
  }
  return cents;
}

/**
 * The syllable's notes as sung: each note cut into steps of fractional MIDI pitch. glideFrom is the
 * MIDI pitch sung just before (a legato join), 0 when the syllable starts from silence; the last
 * note is held on to `frames` (a legato syllable sounds until the next one starts).
 */
export function performNotes(
  notes: readonly PerformedNote[],
  glideFrom: number,
  frames: number,
  syllableStart: number,
  sampleRate: number,
  seed: number,
): SungNote[] {
  const drift = driftOf(seed);
  const step = Math.max(1, Math.round(CONTOUR_STEP_SECONDS * sampleRate));
  const steps: SungNote[] = [];
  notes.forEach((note, i) => {
    const random = new Random(hashString(`sung:${note.key}`, seed));
    const [lowScoop, highScoop] = PERFORMANCE.scoopCents;
    const scoop = -random.range(lowScoop, highScoop);
    const from = i > 0 ? notes[i - 1].midi : glideFrom;
    const approach = from > 0 ? (from - note.midi) * 100 : scoop;
    const drawn = {
      overshoot: random.range(PERFORMANCE.overshootCents[0], PERFORMANCE.overshootCents[1]),
      vibratoRate: random.range(PERFORMANCE.vibratoRateHz[0], PERFORMANCE.vibratoRateHz[1]),
      deviation: PERFORMANCE.noteDeviationCents * gaussian(random),
    };
    const length = (note.end - note.start) / sampleRate;
    const end = i + 1 < notes.length ? notes[i + 1].start : Math.max(note.end, frames);
    for (let at = note.start; at < end; at += step) {
      const into = (at - note.start) / sampleRate;
      const cents = noteCents(into, length, approach, drawn) + drift((syllableStart + at) / sampleRate);
      steps.push({ start: at, end: Math.min(at + step, end), midi: note.midi + cents / 100 });
    }
  });
  return steps;
}

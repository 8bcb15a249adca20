// Melodic phrases (the vocal line, and the lead when there is no singer): syllables fitted to a
// rhythm on the syllable grid with a breath at the end of the phrase, pitches moving mostly by
// step in an arch around the section's centre, chord tones on the strong beats, and the phrase
// ending on a stable degree (the tonic at a section's end). All in scale steps, so in the key.

import type { ChordSpan } from "../score.ts";
import { chordAt, isChordTone } from "./harmony.ts";
import type { Random } from "./random.ts";

export interface PhraseNote {
  readonly start: number;
  readonly duration: number;
  /** Scale step from the tonic of octave 0 (ScaleSteps.midi(step, 0)). */
  readonly step: number;
  /** Index of the syllable sung, or -1 for a melisma continuing the one before. */
  readonly syllable: number;
}

export interface PhraseSpec {
  readonly start: number;
  readonly beats: number;
  /** The syllables: stressed ones land on beats, word ends may be held. */
  readonly syllables: readonly { readonly wordEnd: boolean; readonly stressed: boolean }[];
  /** Grid of the syllables in beats (0.5 = eighths). */
  readonly unit: number;
  readonly centre: number;
  readonly range: readonly [number, number];
  /** "tonic" closes a section; "stable" any tonic-triad degree. */
  readonly ending: "tonic" | "stable";
  readonly chords: readonly ChordSpan[];
  /** 0..1: more leaps and off-beat starts. */
  readonly variation: number;
  /** The MIDI note of a scale step: leaps of a tritone or wider than a sixth are avoided. */
  readonly midi: (step: number) => number;
}

const STABLE = [0, 2, 4];

function rhythm(spec: PhraseSpec, random: Random): { start: number; duration: number }[] {
  const n = spec.syllables.length;
  if (n === 0) return [];
  const slots = Math.round(spec.beats / spec.unit);
  const breath = Math.max(1, Math.round(1 / spec.unit));
  const usable = Math.max(1, slots - breath);
  if (n > usable) {
    // More syllables than the grid holds: even notes, on sixteenths where they fit.
    const span = usable * spec.unit;
    const each = Math.max(0.25, Math.floor((span / n) * 4) / 4);
    const step = n * each <= spec.beats ? each : spec.beats / n;
    return Array.from({ length: n }, (_, i) => ({ start: spec.start + i * step, duration: step }));
  }
  const stressed = spec.syllables.map((s) => s.stressed);
  const lengths = new Array<number>(n).fill(1);
  let extra = usable - n;
  // Even slots are on the beat: an unstressed start becomes a pickup so the first stress lands on one.
  const firstStress = stressed.indexOf(true);
  let pickup = 0;
  if (
    extra > 0 &&
    (firstStress > 0 ? firstStress % 2 === 1 : firstStress < 0 && random.chance(0.2 + 0.3 * spec.variation))
  ) {
    pickup = 1;
    extra--;
  }
  let at = pickup;
  for (let i = 0; i < n; i++) {
    if (i > 0 && stressed[i] && at % 2 === 1 && extra > 0) {
      lengths[i - 1]++;
      at++;
      extra--;
    }
    at++;
  }
  const hold = Math.min(extra, Math.max(1, Math.round(2 / spec.unit) - 1));
  lengths[n - 1] += hold;
  extra -= hold;
  // Hold stressed or word-final syllables by whole beats, so the others stay on theirs.
  for (let tries = 0; extra >= 2 && tries < 4 * n; tries++) {
    const i = random.int(0, Math.max(0, n - 2));
    if (lengths[i] <= 2 && (stressed[i] || spec.syllables[i].wordEnd)) {
      lengths[i] += 2;
      extra -= 2;
    }
  }
  const out: { start: number; duration: number }[] = [];
  let slot = pickup;
  for (const length of lengths) {
    out.push({ start: spec.start + slot * spec.unit, duration: length * spec.unit });
    slot += length;
  }
  // Weirdness syncopates: a syllable anticipates its beat by half a grid step.
  const half = spec.unit / 2;
  for (let i = 1; i < n - 1 && half >= 0.25; i++) {
    if (out[i - 1].duration > half && random.chance(0.3 * spec.variation)) {
      out[i - 1] = { ...out[i - 1], duration: out[i - 1].duration - half };
      out[i] = { start: out[i].start - half, duration: out[i].duration + half };
    }
  }
  return out;
}

function clampStep(step: number, [low, high]: readonly [number, number]): number {
  if (step < low) return Math.min(high, low + (low - step));
  if (step > high) return Math.max(low, high - (step - high));
  return step;
}

function nearest(
  step: number,
  range: readonly [number, number],
  accept: (s: number) => boolean,
  preferUp: boolean,
): number {
  for (let d = 0; d <= 7; d++) {
    const order = preferUp ? [step + d, step - d] : [step - d, step + d];
    for (const s of order) if (s >= range[0] && s <= range[1] && accept(s)) return s;
  }
  return step;
}

const degree = (step: number) => ((step % 7) + 7) % 7;

export function composePhrase(spec: PhraseSpec, random: Random): PhraseNote[] {
  const times = rhythm(spec, random);
  const n = times.length;
  if (n === 0) return [];
  const notes: PhraseNote[] = [];
  let step = nearest(
    spec.centre + random.int(-1, 1),
    spec.range,
    (s) => isChordTone(chordAt(spec.chords, times[0].start), s),
    true,
  );
  let direction = 1;
  for (let i = 0; i < n; i++) {
    const { start, duration } = times[i];
    const chord = chordAt(spec.chords, start);
    if (i > 0) {
      const r = random.next();
      const leap = 0.06 + 0.1 * spec.variation;
      const size = r < 0.2 ? 0 : r < 1 - leap - 0.14 ? 1 : r < 1 - leap ? 2 : 3 + random.int(0, 1);
      const progress = i / Math.max(1, n - 1);
      if (step > spec.centre + 3) direction = -1;
      else if (step < spec.centre - 3) direction = 1;
      else direction = random.chance(progress < 0.5 ? 0.62 : 0.38) ? 1 : -1;
      step = clampStep(step + direction * size, spec.range);
    }
    const onStrongBeat = Math.abs((start - spec.start) % 2) < 1e-6;
    if (onStrongBeat && !isChordTone(chord, step))
      step = nearest(step, spec.range, (s) => isChordTone(chord, s), direction > 0);
    if (i > 0) {
      const previous = notes[notes.length - 1].step;
      const leap = Math.abs(spec.midi(step) - spec.midi(previous));
      if (leap === 6 || leap > 9) step = clampStep(step + (step > previous ? -1 : 1), spec.range);
    }
    if (i === n - 1) {
      const targets = spec.ending === "tonic" ? [0] : STABLE;
      step = nearest(step, spec.range, (s) => targets.includes(degree(s)), false);
      if (duration >= 1 && step + 1 <= spec.range[1] && random.chance(0.35)) {
        // A melisma: the syllable starts a step above and settles on the stable note.
        const half = Math.round((duration / 2) * 4) / 4;
        notes.push({ start, duration: half, step: step + 1, syllable: i });
        notes.push({ start: start + half, duration: duration - half, step, syllable: -1 });
        continue;
      }
    }
    notes.push({ start, duration, step, syllable: i });
  }
  return notes;
}

/** The scale-step range of a MIDI range (both ends inside it). */
export function stepRange(midi: (step: number) => number, low: number, high: number): [number, number] {
  let lowStep = 0;
  while (midi(lowStep) < low) lowStep++;
  while (midi(lowStep - 1) >= low) lowStep--;
  let highStep = lowStep;
  while (midi(highStep + 1) <= high) highStep++;
  return [lowStep, highStep];
}

// Voice-led chord voicings: of every close-position inversion of a chord in the keys' register,
// the one that moves the voices least from the chord before (and stays near the middle).

import type { ChordSpan } from "../score.ts";
import type { ScaleSteps } from "./key.ts";

/** The register chords are voiced in (MIDI): about D3..G5. */
export const VOICING_LOW = 50;
export const VOICING_HIGH = 79;
const CENTRE = 64;

function candidates(chord: ChordSpan, scale: ScaleSteps): number[][] {
  const tones = chord.steps.slice(0, 4).map((s) => chord.degree + s);
  const out: number[][] = [];
  for (let inversion = 0; inversion < tones.length; inversion++) {
    const rotated = [...tones.slice(inversion), ...tones.slice(0, inversion).map((t) => t + 7)];
    for (let octave = 2; octave <= 5; octave++) {
      const notes = rotated.map((step) => scale.midi(step, octave));
      if (notes[0] >= VOICING_LOW && notes[notes.length - 1] <= VOICING_HIGH) out.push(notes);
    }
  }
  return out;
}

/** Total semitone movement from one voicing to the next, matching voices in order. */
export function voiceMovement(from: readonly number[], to: readonly number[]): number {
  const n = Math.max(from.length, to.length);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const a = from[Math.min(i, from.length - 1)];
    const b = to[Math.min(i, to.length - 1)];
    total += Math.abs(a - b);
  }
  return total;
}

const mean = (notes: readonly number[]) => notes.reduce((a, b) => a + b, 0) / notes.length;

export function voiceChords(chords: readonly ChordSpan[], scale: ScaleSteps): number[][] {
  const voicings: number[][] = [];
  let previous: number[] | null = null;
  for (const chord of chords) {
    const options = candidates(chord, scale);
    let best = options[0];
    let bestCost = Number.POSITIVE_INFINITY;
    for (const option of options) {
      const cost = (previous ? voiceMovement(previous, option) : 0) + 0.5 * Math.abs(mean(option) - CENTRE);
      if (cost < bestCost) {
        best = option;
        bestCost = cost;
      }
    }
    voicings.push(best);
    previous = best;
  }
  return voicings;
}

// The vocals in two renders: a short head (the first phrases) and the rest. The first chunk of a
// song waits for its vocals; waiting for the head alone lets it stream within a moment while the
// rest sings on another thread (or after the instruments on one). The split lies where nothing
// is sung (no note sounds across it, no word is cut), so the two renders sum to the whole line.
import type { Score } from "../score.ts";
import { PHRASE_GAP_SECONDS } from "../vocals/breaths.ts";

/**
 * The head covers at least this much of the song, and at least one sung phrase: on one thread the
 * rest is sung after the instruments are rendered, and the head must last the listener till then.
 */
const HEAD_SECONDS = 12;
/**
 * Silence before the split: past the last note's release, and a phrase's end, so both renders
 * phrase (legato, breaths) the line as it is phrased whole.
 */
const GAP_SECONDS = PHRASE_GAP_SECONDS;

/** The bar line (in beats) where the vocals split, or null to sing them in one piece. */
export function vocalSplitBeat(score: Score): number | null {
  const vocals = score.vocals;
  if (!vocals || vocals.notes.length === 0) return null;
  const bar = score.beatsPerBar;
  const gap = (GAP_SECONDS * score.bpm) / 60;
  const firstWordBeat = new Map<number, number>();
  for (const note of vocals.notes) {
    firstWordBeat.set(note.word, Math.min(firstWordBeat.get(note.word) ?? note.start, note.start));
  }
  for (let t = Math.ceil((HEAD_SECONDS * score.bpm) / 60 / bar) * bar; t < score.lengthBeats; t += bar) {
    const clear = vocals.notes.every(
      (note) =>
        note.start + note.duration <= t - gap ||
        (note.start >= t && (firstWordBeat.get(note.word) ?? note.start) >= t),
    );
    if (!clear || !vocals.notes.some((note) => note.start < t)) continue;
    return vocals.notes.some((note) => note.start >= t) ? t : null;
  }
  return null;
}

/** The score with only the vocal notes starting in [from, to) beats (every word kept for their indices). */
export function vocalsBetween(score: Score, from: number, to: number): Score {
  const vocals = score.vocals;
  if (!vocals) return score;
  return {
    ...score,
    vocals: { ...vocals, notes: vocals.notes.filter((note) => note.start >= from && note.start < to) },
  };
}

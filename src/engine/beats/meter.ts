import type { Meter } from "../../shared/beats/beats-result.ts";

// Beats to the bar from the beats' downbeat evidence (harmonic change and low onsets, see
// downbeats.ts). Folding the evidence at the bar length puts the downbeats' accents in one
// position: the right length gives the largest contrast between that position and the others. At
// a wrong length the accents spread over all positions (a waltz folded in four), or, folded at
// half the bar, the half-bar accent (a kick on 3) joins the downbeat's. Four beats is the most
// common bar, so another length must beat it clearly. Accents alone cannot tell a bar of two from
// a 4/4 bar whose third beat is as strong as its first (kick on 1 and 3): 2/4 needs the harmony
// itself to change every two beats, as a march's does. A bar of two whose beats split in three
// (the onsets repeat at a third of the beat more than at a half) is 6/8: two dotted beats.

/** How much larger another bar length's contrast must be than four beats' to be chosen. */
const FOUR_PREFERENCE = 1.3;
/**
 * In compound time, how large two beats' contrast must be against four's for bars of two dotted
 * beats: a bar of two folded at four keeps two thirds of its contrast, a bar of four folded at two
 * a half, so the ratio of the two contrasts is 1.5 or 0.5, and a jig whose chord changes differ in
 * size lands between (0.93). 0.85 is about the middle (the geometric mean, 0.87).
 */
const COMPOUND_TWO_PREFERENCE = 0.85;
/**
 * Least contrast (in standard deviations of the harmonic change) of harmony changing every two
 * beats for 2/4: a drum loop's chroma noise stays far under it.
 */
const MIN_HARMONY_CONTRAST = 0.5;

/**
 * The contrast of the evidence folded at `length` beats: the best position's mean less the mean of
 * the other positions' means.
 */
export function foldContrast(evidence: ArrayLike<number>, length: number): number {
  const sums = new Float64Array(length);
  const counts = new Float64Array(length);
  for (let i = 0; i < evidence.length; i++) {
    sums[i % length] += evidence[i];
    counts[i % length]++;
  }
  const means = Array.from(sums, (s, k) => (counts[k] > 0 ? s / counts[k] : 0));
  let best = 0;
  for (let k = 1; k < length; k++) if (means[k] > means[best]) best = k;
  const others = means.filter((_, k) => k !== best);
  return means[best] - others.reduce((a, b) => a + b, 0) / others.length;
}

/**
 * The meter of beats with this downbeat evidence (and its harmonic change alone); `compound`
 * when the beats split in three. Fewer than two bars of four beats are too few to tell: 4/4.
 */
export function chooseMeter(
  evidence: ArrayLike<number>,
  harmony: ArrayLike<number>,
  compound: boolean,
): Meter {
  if (evidence.length < 8) return "4/4";
  const four = foldContrast(evidence, 4);
  const three = foldContrast(evidence, 3);
  const two = foldContrast(evidence, 2);
  if (three > FOUR_PREFERENCE * Math.max(four, two)) return "3/4";
  if (compound) return two > COMPOUND_TWO_PREFERENCE * four ? "6/8" : "4/4";
  const harmonyTwo = foldContrast(harmony, 2);
  const changesEveryTwo =
    harmonyTwo > MIN_HARMONY_CONTRAST && harmonyTwo > FOUR_PREFERENCE * foldContrast(harmony, 4);
  return changesEveryTwo && two > four ? "2/4" : "4/4";
}

/** Beats in a bar of the meter (6/8 holds two dotted beats). */
export function beatsPerBar(meter: Meter): number {
  return meter === "3/4" ? 3 : meter === "4/4" ? 4 : 2;
}

// Beat scoring as mir_eval.beat.f_measure computes it, so figures compare with published ones:
// beats before 5 s are dropped from both lists (trim_beats), an estimate and an annotation match
// when they lie within 70 ms of each other (inclusive), each is used at most once, and the
// matching is the largest possible (mir_eval's bipartite matching in match_events); F is the
// harmonic mean of precision and recall, 0 when either list is empty after trimming. Downbeats are
// scored the same way on the beats numbered 1.

export const WINDOW_SECONDS = 0.07;
export const TRIM_SECONDS = 5;

/** Beats at or after `trim` seconds, sorted. */
export function trimBeats(beats: readonly number[], trim = TRIM_SECONDS): number[] {
  return beats.filter((t) => t >= trim).sort((a, b) => a - b);
}

/**
 * The size of a largest one-to-one matching of sorted annotations to sorted estimates within
 * `window`. Every annotation's window has the same width, so taking, annotation by annotation in
 * time order, the earliest free estimate inside its window is a largest matching (Glover's rule for
 * convex bipartite graphs), the same count as mir_eval's Hopcroft-Karp. Nearest-first is not: an
 * annotation at 0.10 s that takes an estimate at 0.14 s leaves the one at 0.16 s without its only
 * partner.
 */
export function matchCount(
  reference: readonly number[],
  estimate: readonly number[],
  window: number,
): number {
  let matched = 0;
  let next = 0;
  for (const r of reference) {
    while (next < estimate.length && estimate[next] < r - window) next++;
    if (next < estimate.length && estimate[next] <= r + window) {
      matched++;
      next++;
    }
  }
  return matched;
}

/** mir_eval.beat.f_measure of estimated against annotated beat times, in seconds. */
export function beatFMeasure(
  reference: readonly number[],
  estimate: readonly number[],
  window = WINDOW_SECONDS,
  trim = TRIM_SECONDS,
): number {
  const r = trimBeats(reference, trim);
  const e = trimBeats(estimate, trim);
  if (r.length === 0 || e.length === 0) return 0;
  const matched = matchCount(r, e, window);
  if (matched === 0) return 0;
  const precision = matched / e.length;
  const recall = matched / r.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The annotated tempo: 60 over the median inter-beat interval (robust to a missed or doubled beat). */
export function annotatedBpm(beats: readonly number[]): number {
  const intervals = beats
    .slice(1)
    .map((t, i) => t - beats[i])
    .sort((a, b) => a - b);
  const mid = intervals.length >> 1;
  const median = intervals.length % 2 ? intervals[mid] : (intervals[mid - 1] + intervals[mid]) / 2;
  return 60 / median;
}

/** The tempo tolerance of the usual tempo accuracies (MIREX, Gouyon 2006): 4 percent. */
export const TEMPO_TOLERANCE = 0.04;
/** The metrical levels acc2 forgives: the tempo, twice, three times, half and a third of it. */
const OCTAVES = [1, 2, 3, 1 / 2, 1 / 3];

/**
 * Tempo accuracy of an estimated/annotated tempo ratio: acc1 when the estimate is within 4 percent
 * of the annotation, acc2 when it is within 4 percent of the annotation at one of the levels that
 * octave errors produce (x2, x3, 1/2, 1/3).
 */
export function tempoAccuracy(ratio: number | null): { acc1: boolean; acc2: boolean } {
  if (ratio === null || !(ratio > 0)) return { acc1: false, acc2: false };
  const within = (level: number) => Math.abs(ratio / level - 1) <= TEMPO_TOLERANCE;
  return { acc1: within(1), acc2: OCTAVES.some(within) };
}

// How songs trend: every signal (a new song, a play, a like, a comment, a remix by someone else)
// adds a weight that halves every TRENDING_HALF_LIFE_HOURS. A song's score at time t is the sum of
// w * 2^-((t - t_event) / halfLife) over its signals. All songs decay at the same rate, so their
// order never changes by itself: the store keeps each song's "heat", the logarithm of the sum with
// every signal counted from a fixed epoch instead of from now, and ranks by heat. A signal is then
// one update (heat = logAddExp(heat, signalHeat)), never a recomputation.

/** The weight of each signal; a new song's own weight lets it be found before anyone reacts. */
export const TRENDING_WEIGHTS = {
  created: 2,
  play: 1,
  like: 4,
  comment: 3,
  remix: 6,
} as const;

export type TrendingSignal = keyof typeof TRENDING_WEIGHTS;

/** A signal's weight halves in this many hours. */
export const TRENDING_HALF_LIFE_HOURS = 36;

/** Growth of log-weight per second of the signal's time: ln 2 per half-life. */
export const HEAT_PER_SECOND = Math.LN2 / (TRENDING_HALF_LIFE_HOURS * 3600);

/** The heat of one signal of this weight at this time (seconds since the Unix epoch). */
export const signalHeat = (weight: number, atSeconds: number): number =>
  Math.log(weight) + atSeconds * HEAT_PER_SECOND;

/** ln(e^a + e^b) without overflow: two heats summed. */
export function logAddExp(a: number, b: number): number {
  const high = Math.max(a, b);
  return high + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/** ln(e^a - e^b), or `floor` when b takes away all of a (a signal withdrawn, e.g. an unlike). */
export function logSubExp(a: number, b: number, floor: number): number {
  if (b >= a) return floor;
  return Math.max(floor, a + Math.log1p(-Math.exp(b - a)));
}

/** The summed decayed weight that a heat stands for, seen at `nowSeconds`. */
export const scoreAt = (heat: number, nowSeconds: number): number =>
  Math.exp(heat - nowSeconds * HEAT_PER_SECOND);

// The 2-exponent fade curve: g(x) = x^2 / (x^2 + (1 - x)^2) for x in [0, 1].
// It is complementary, g(x) + g(1 - x) = 1, so a fade-out drawn with g(1 - x)
// over the same span as a fade-in with g(x) sums a correlated signal to exactly
// unity: crossfades between meeting clips neither dip nor bump.

/** Fade-in gain at normalised position x (clamped to [0, 1]); exported for hosts that draw fades. */
export function fadeGain(x: f64): f64 {
  const t = x <= 0.0 ? 0.0 : x >= 1.0 ? 1.0 : x;
  const a = t * t;
  const b = (1.0 - t) * (1.0 - t);
  return a / (a + b);
}

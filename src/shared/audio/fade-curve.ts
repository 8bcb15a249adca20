/**
 * The engine's 2-exponent fade-in gain at x in [0, 1] (dsp/fade-curve.ts): x^2 / (x^2 + (1 - x)^2).
 * Complementary (g(x) + g(1 - x) = 1), so a fade-out is g(1 - x). Pages draw fades with it and the
 * server's edit actions fade songs out with it.
 */
export const fadeGain = (x: number): number => {
  const t = Math.min(1, Math.max(0, x));
  return (t * t) / (t * t + (1 - t) * (1 - t));
};

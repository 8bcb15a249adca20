// Kaiser-window FIR design (J. F. Kaiser, "Nonrecursive digital filter design
// using the I0-sinh window function", 1974): one parameter, beta, trades main-lobe
// width for stopband depth, and closed-form estimates give beta and the length
// from the stopband attenuation and transition width wanted.

/** Modified Bessel function of the first kind, order 0, by its power series (converges for all x). */
export function besselI0(x: f64): f64 {
  const half = x * 0.5;
  let term = 1.0;
  let sum = 1.0;
  for (let k = 1; term > sum * 1e-17; k++) {
    const ratio = half / <f64>k;
    term *= ratio * ratio;
    sum += term;
  }
  return sum;
}

/** Kaiser's beta for a stopband `attenuationDb` deep (his fit, valid above 50 dB). */
export function kaiserBeta(attenuationDb: f64): f64 {
  return 0.1102 * (attenuationDb - 8.7);
}

/** Kaiser's estimate of the taps for `attenuationDb` over a transition `widthCycles` (cycles/sample) wide. */
export function kaiserLength(attenuationDb: f64, widthCycles: f64): f64 {
  return (attenuationDb - 7.95) / (2.285 * 2.0 * Math.PI * widthCycles) + 1.0;
}

/** The window at r in [-1, 1] (its centre at 0, its ends at +-1), divided by I0(beta) so w(0) = 1. */
export function kaiserWindow(r: f64, beta: f64, i0Beta: f64): f64 {
  const inside = 1.0 - r * r;
  return inside <= 0.0 ? 0.0 : besselI0(beta * Math.sqrt(inside)) / i0Beta;
}

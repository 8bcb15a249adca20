/** `frames` samples of a sine at `hz`, starting at phase 0: amplitude * sin(2 pi hz n / rate). */
export function sine(frames: number, hz: number, rate: number, amplitude = 1): Float32Array {
  const x = new Float32Array(frames);
  for (let n = 0; n < frames; n++) x[n] = amplitude * Math.sin((2 * Math.PI * hz * n) / rate);
  return x;
}

/** Amplitude of the sinusoid at `hz` in y, by least squares over the whole array. */
export function sineAmplitude(y: Float32Array, hz: number, rate: number): number {
  const w = (2 * Math.PI * hz) / rate;
  let ss = 0;
  let sc = 0;
  let cc = 0;
  let ys = 0;
  let yc = 0;
  for (let n = 0; n < y.length; n++) {
    const s = Math.sin(w * n);
    const c = Math.cos(w * n);
    ss += s * s;
    sc += s * c;
    cc += c * c;
    ys += y[n] * s;
    yc += y[n] * c;
  }
  const det = ss * cc - sc * sc;
  return Math.hypot((ys * cc - yc * sc) / det, (yc * ss - ys * sc) / det);
}

/**
 * Frequency of a steady tone over [from, to) s: rising zero crossings, each placed by linear
 * interpolation, and the mean period between the first and the last (exact for a sine, to ~1e-6).
 */
export function toneFrequency(x: Float32Array, from: number, to: number, rate: number): number {
  const crossings: number[] = [];
  for (let n = Math.round(from * rate) + 1; n < Math.round(to * rate); n++) {
    if (x[n - 1] < 0 && x[n] >= 0) crossings.push(n - 1 + x[n - 1] / (x[n - 1] - x[n]));
  }
  return ((crossings.length - 1) * rate) / (crossings[crossings.length - 1] - crossings[0]);
}

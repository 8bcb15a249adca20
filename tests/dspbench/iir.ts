// scipy.signal's sosfilt and sosfiltfilt (odd padding, steady-state initial conditions), with the
// Butterworth sections dspbench designs. The coefficients are scipy's own butter(..., output='sos')
// results, copied to full precision, rather than a re-derivation: they are fixed by dspbench and
// copying them keeps the filters identical to the last bit.

/** One biquad per row: b0, b1, b2, a0 (= 1), a1, a2. */
export type Sos = readonly (readonly [number, number, number, number, number, number])[];

/** butter(2, 3000, 'low', fs=48000, output='sos'): the kick's click. */
export const KICK_CLICK_LOWPASS: Sos = [
  [
    0.029954582208092474, 0.05990916441618495, 0.029954582208092474, 1, -1.454243586251585,
    0.5740619150839549,
  ],
];

/** butter(2, [1200, 9000], 'band', fs=48000, output='sos'): the snare's noise. */
export const SNARE_BANDPASS: Sos = [
  [0.1489485179103914, 0.2978970358207828, 0.1489485179103914, 1, -0.600878058010383, 0.30470357981313556],
  [1, -2, 1, 1, -1.7860809084075415, 0.8130279446294046],
];

/** butter(4, 7000, 'high', fs=48000, output='sos'): the hi-hat's noise. */
export const HAT_HIGHPASS: Sos = [
  [0.2864102917231664, -0.5728205834463328, 0.2864102917231664, 1, -0.7025671748555742, 0.15409278803948306],
  [1, -2, 1, 1, -0.9339673892426099, 0.53420920698514],
];

/** butter(4, 1000, 'high', fs=48000, output='sos'): metrics.py's HP, the band transients are judged in. */
export const METRICS_HIGHPASS_1K: Sos = [
  [0.8426766272418682, -1.6853532544837364, 0.8426766272418682, 1, -1.7695043485128368, 0.7847733317825629],
  [1, -2, 1, 1, -1.8885559538890464, 0.9048522287685677],
];

/**
 * scipy.signal.sosfilt (transposed direct form II, the same operations in the same order); `zi` (two
 * states per section) is updated in place when given. With `inPlace`, x (a Float64Array) is overwritten.
 */
export function sosfilt(sos: Sos, x: ArrayLike<number>, zi?: Float64Array, inPlace = false): Float64Array {
  const sections = sos.length;
  const z = zi ?? new Float64Array(2 * sections);
  const n = x.length;
  const y = inPlace && x instanceof Float64Array ? x : Float64Array.from(x);
  if (sections === 2) {
    // sample-major like scipy, with both sections' coefficients and states in locals: the second
    // section's recursion overlaps the first's next sample
    const [b00, b01, b02, , a01, a02] = sos[0];
    const [b10, b11, b12, , a11, a12] = sos[1];
    let z00 = z[0];
    let z01 = z[1];
    let z10 = z[2];
    let z11 = z[3];
    for (let i = 0; i < n; i++) {
      const x0 = y[i];
      const x1 = b00 * x0 + z00;
      z00 = b01 * x0 - a01 * x1 + z01;
      z01 = b02 * x0 - a02 * x1;
      const x2 = b10 * x1 + z10;
      z10 = b11 * x1 - a11 * x2 + z11;
      z11 = b12 * x1 - a12 * x2;
      y[i] = x2;
    }
    z[0] = z00;
    z[1] = z01;
    z[2] = z10;
    z[3] = z11;
    return y;
  }
  for (let s = 0; s < sections; s++) {
    const [b0, b1, b2, , a1, a2] = sos[s];
    let z0 = z[2 * s];
    let z1 = z[2 * s + 1];
    for (let i = 0; i < n; i++) {
      const cur = y[i];
      const next = b0 * cur + z0;
      z0 = b1 * cur - a1 * next + z1;
      z1 = b2 * cur - a2 * next;
      y[i] = next;
    }
    z[2 * s] = z0;
    z[2 * s + 1] = z1;
  }
  return y;
}

/** scipy.signal.sosfilt_zi: per-section steady-state for a unit step input. */
export function sosfiltZi(sos: Sos): Float64Array {
  const zi = new Float64Array(2 * sos.length);
  let scale = 1;
  for (let s = 0; s < sos.length; s++) {
    const [b0, b1, b2, , a1, a2] = sos[s];
    // lfilter_zi solves (I - companion(a)^T) zi = b[1:] - a[1:] b[0], here a 2x2 system.
    const r0 = b1 - a1 * b0;
    const r1 = b2 - a2 * b0;
    const det = 1 + a1 + a2;
    zi[2 * s] = (scale * (r0 + r1)) / det;
    zi[2 * s + 1] = (scale * (r1 * (1 + a1) - a2 * r0)) / det;
    scale *= (b0 + b1 + b2) / (1 + a1 + a2);
  }
  return zi;
}

/** scipy.signal.sosfiltfilt with its defaults: padtype 'odd', padlen 3 * (2 * sections + 1 - zero taps). */
export function sosfiltfilt(sos: Sos, x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const zeroB2 = sos.filter((c) => c[2] === 0).length;
  const zeroA2 = sos.filter((c) => c[5] === 0).length;
  const edge = 3 * (2 * sos.length + 1 - Math.min(zeroB2, zeroA2));
  if (n <= edge) throw new RangeError(`sosfiltfilt needs more than ${edge} samples, got ${n}`);
  const ext = new Float64Array(n + 2 * edge);
  for (let i = 0; i < edge; i++) ext[i] = 2 * x[0] - x[edge - i];
  for (let i = 0; i < n; i++) ext[edge + i] = x[i];
  for (let i = 0; i < edge; i++) ext[edge + n + i] = 2 * x[n - 1] - x[n - 2 - i];
  const zi = sosfiltZi(sos);
  sosfilt(
    sos,
    ext,
    zi.map((v) => v * ext[0]),
    true,
  );
  ext.reverse();
  sosfilt(
    sos,
    ext,
    zi.map((v) => v * ext[0]),
    true,
  );
  ext.reverse();
  return ext.subarray(edge, edge + n);
}

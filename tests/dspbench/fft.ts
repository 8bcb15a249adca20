// Radix-2 FFTs for the metrics and baselines (sizes 2048, 4096, 65536). Twiddles are evaluated
// directly, not by recurrence, so results agree with numpy's pocketfft to ~1e-15 relative. A real
// transform of size N runs as a complex one of size N/2 plus a split step: half the work.

class ComplexFft {
  readonly size: number;
  /** Per stage, cos and -sin of 2 pi k / span for k < span / 2, stages concatenated. */
  private readonly twRe: Float64Array;
  private readonly twIm: Float64Array;
  private readonly swaps: Uint32Array;

  constructor(size: number) {
    if (size < 1 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size ${size} is not a power of two`);
    this.size = size;
    this.twRe = new Float64Array(Math.max(1, size));
    this.twIm = new Float64Array(Math.max(1, size));
    let o = 0;
    for (let half = 1; half < size; half *= 2) {
      for (let k = 0; k < half; k++) {
        // the same angle as index k * (size / span) of one size-wide table, so every stage's
        // twiddles are those a single table would give
        const angle = (2 * Math.PI * (k * (size / (2 * half)))) / size;
        this.twRe[o + k] = Math.cos(angle);
        this.twIm[o + k] = -Math.sin(angle);
      }
      o += half;
    }
    const bits = Math.round(Math.log2(size));
    const pairs: number[] = [];
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      r >>>= 0;
      if (r > i) pairs.push(i, r);
    }
    this.swaps = Uint32Array.from(pairs);
  }

  /** In-place forward transform, X[k] = sum x[n] e^(-2 pi i k n / N). */
  forward(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const swaps = this.swaps;
    for (let p = 0; p < swaps.length; p += 2) {
      const i = swaps[p];
      const j = swaps[p + 1];
      const tr = re[i];
      re[i] = re[j];
      re[j] = tr;
      const ti = im[i];
      im[i] = im[j];
      im[j] = ti;
    }
    const twRe = this.twRe;
    const twIm = this.twIm;
    // the first two stages (twiddles 1 and -i) as one radix-4 pass: short inner loops are slow in V8
    if (n >= 4) {
      for (let a = 0; a < n; a += 4) {
        const r0 = re[a] + re[a + 1];
        const i0 = im[a] + im[a + 1];
        const r1 = re[a] - re[a + 1];
        const i1 = im[a] - im[a + 1];
        const r2 = re[a + 2] + re[a + 3];
        const i2 = im[a + 2] + im[a + 3];
        const r3 = re[a + 2] - re[a + 3];
        const i3 = im[a + 2] - im[a + 3];
        re[a] = r0 + r2;
        im[a] = i0 + i2;
        re[a + 2] = r0 - r2;
        im[a + 2] = i0 - i2;
        // (r3 + i i3) * -i = i3 - i r3
        re[a + 1] = r1 + i3;
        im[a + 1] = i1 - r3;
        re[a + 3] = r1 - i3;
        im[a + 3] = i1 + r3;
      }
    } else if (n === 2) {
      const r = re[0] - re[1];
      const i = im[0] - im[1];
      re[0] += re[1];
      im[0] += im[1];
      re[1] = r;
      im[1] = i;
    }
    // Then two radix-2 stages (spans 2h and 4h) per pass over the data, with the same arithmetic
    // as doing them one after the other: half the loads and stores. Stage h's twiddles sit at h - 1.
    let half = 4;
    for (; 4 * half <= n; half *= 4) {
      const o1 = half - 1;
      const o2 = 2 * half - 1;
      const span = 4 * half;
      for (let start = 0; start < n; start += span) {
        for (let k = 0; k < half; k++) {
          const w1r = twRe[o1 + k];
          const w1i = twIm[o1 + k];
          const w2r = twRe[o2 + k];
          const w2i = twIm[o2 + k];
          const w3r = twRe[o2 + k + half];
          const w3i = twIm[o2 + k + half];
          const i0 = start + k;
          const i1 = i0 + half;
          const i2 = i1 + half;
          const i3 = i2 + half;
          // stage h: (i0, i1) and (i2, i3) with w1
          let xr = re[i1];
          let xi = im[i1];
          let br = xr * w1r - xi * w1i;
          let bi = xr * w1i + xi * w1r;
          const t0r = re[i0] + br;
          const t0i = im[i0] + bi;
          const t1r = re[i0] - br;
          const t1i = im[i0] - bi;
          xr = re[i3];
          xi = im[i3];
          br = xr * w1r - xi * w1i;
          bi = xr * w1i + xi * w1r;
          const t2r = re[i2] + br;
          const t2i = im[i2] + bi;
          const t3r = re[i2] - br;
          const t3i = im[i2] - bi;
          // stage 2h: (i0, i2) with w2, (i1, i3) with w3
          br = t2r * w2r - t2i * w2i;
          bi = t2r * w2i + t2i * w2r;
          re[i0] = t0r + br;
          im[i0] = t0i + bi;
          re[i2] = t0r - br;
          im[i2] = t0i - bi;
          br = t3r * w3r - t3i * w3i;
          bi = t3r * w3i + t3i * w3r;
          re[i1] = t1r + br;
          im[i1] = t1i + bi;
          re[i3] = t1r - br;
          im[i3] = t1i - bi;
        }
      }
    }
    if (half < n) {
      const o = half - 1;
      const span = 2 * half;
      for (let start = 0; start < n; start += span) {
        for (let k = 0; k < half; k++) {
          const wr = twRe[o + k];
          const wi = twIm[o + k];
          const a = start + k;
          const b = a + half;
          const xr = re[b];
          const xi = im[b];
          const br = xr * wr - xi * wi;
          const bi = xr * wi + xi * wr;
          const ar = re[a];
          const ai = im[a];
          re[b] = ar - br;
          im[b] = ai - bi;
          re[a] = ar + br;
          im[a] = ai + bi;
        }
      }
    }
  }
}

interface RealPlan {
  readonly fft: ComplexFft;
  /** cos and sin of pi k / m, for the split step between the real and the half-size complex transform. */
  readonly cos: Float64Array;
  readonly sin: Float64Array;
  readonly zr: Float64Array;
  readonly zi: Float64Array;
}

const realPlans = new Map<number, RealPlan>();

function realPlan(n: number): RealPlan {
  let p = realPlans.get(n);
  if (!p) {
    const m = n / 2;
    const cos = new Float64Array(m);
    const sin = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      cos[k] = Math.cos((Math.PI * k) / m);
      sin[k] = Math.sin((Math.PI * k) / m);
    }
    p = { fft: new ComplexFft(m), cos, sin, zr: new Float64Array(m), zi: new Float64Array(m) };
    realPlans.set(n, p);
  }
  return p;
}

export interface HalfSpectrum {
  /** Bins 0..N/2. */
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/**
 * numpy.fft.rfft(x[offset:offset + L] * window, n), L the window's length (n without one), zero-padded
 * to n (a power of two). Reading from `offset` spares copying each frame; `into` spares allocating.
 */
export function rfft(
  x: ArrayLike<number>,
  n: number,
  offset = 0,
  window?: ArrayLike<number>,
  into?: HalfSpectrum,
): HalfSpectrum {
  const m = n / 2;
  const { fft, cos, sin, zr, zi } = realPlan(n);
  // a window sets the frame length; the rest of the n points is zero padding
  const count = Math.max(0, Math.min(n, x.length - offset, window ? window.length : n));
  zr.fill(0);
  zi.fill(0);
  const pairs = count >> 1;
  if (window) {
    for (let k = 0; k < pairs; k++) {
      zr[k] = x[offset + 2 * k] * window[2 * k];
      zi[k] = x[offset + 2 * k + 1] * window[2 * k + 1];
    }
    if (count % 2 === 1) zr[pairs] = x[offset + count - 1] * window[count - 1];
  } else {
    for (let k = 0; k < pairs; k++) {
      zr[k] = x[offset + 2 * k];
      zi[k] = x[offset + 2 * k + 1];
    }
    if (count % 2 === 1) zr[pairs] = x[offset + count - 1];
  }
  fft.forward(zr, zi);
  const re = into?.re ?? new Float64Array(m + 1);
  const im = into?.im ?? new Float64Array(m + 1);
  re[0] = zr[0] + zi[0];
  im[0] = 0;
  re[m] = zr[0] - zi[0];
  im[m] = 0;
  for (let k = 1; k < m; k++) {
    const ar = zr[k];
    const ai = zi[k];
    const br = zr[m - k];
    const bi = -zi[m - k];
    // even part (Z[k] + conj Z[m-k]) / 2, odd part (Z[k] - conj Z[m-k]) / 2i, twiddled by e^(-i pi k / m)
    const er = 0.5 * (ar + br);
    const ei = 0.5 * (ai + bi);
    const or = 0.5 * (ai - bi);
    const oi = -0.5 * (ar - br);
    const wr = cos[k];
    const wi = -sin[k];
    re[k] = er + or * wr - oi * wi;
    im[k] = ei + or * wi + oi * wr;
  }
  return { re, im };
}

/** numpy.fft.irfft(X, n): bins 0..n/2 to n real samples; DC's and Nyquist's imaginary parts are ignored. */
export function irfft(
  re: ArrayLike<number>,
  im: ArrayLike<number>,
  n: number,
  into?: Float64Array,
): Float64Array {
  const m = n / 2;
  const { fft, cos, sin, zr, zi } = realPlan(n);
  for (let k = 0; k < m; k++) {
    const xr = re[k];
    const xi = k === 0 ? 0 : im[k];
    const yr = re[m - k];
    const yi = k === 0 ? 0 : -im[m - k];
    // E = (X[k] + conj X[m-k]) / 2, O = (X[k] - conj X[m-k]) e^(i pi k / m) / 2, Z = E + iO
    const er = 0.5 * (xr + yr);
    const ei = 0.5 * (xi + yi);
    const dr = 0.5 * (xr - yr);
    const di = 0.5 * (xi - yi);
    const wr = cos[k];
    const wi = sin[k];
    const or = dr * wr - di * wi;
    const oi = dr * wi + di * wr;
    // conjugated, so the forward transform computes the inverse
    zr[k] = er - oi;
    zi[k] = -(ei + or);
  }
  fft.forward(zr, zi);
  const out = into ?? new Float64Array(n);
  for (let k = 0; k < m; k++) {
    out[2 * k] = zr[k] / m;
    out[2 * k + 1] = -zi[k] / m;
  }
  return out;
}

// Amplitude analysis of sampled signals in dBFS, where a full-scale sine (peak 1)
// reads 0 dBFS. Everything uses a Kaiser window: with the default beta of 20 its
// sidelobes sit near -150 dB, so components 90 to 130 dB below a full-scale tone
// are measured, not buried in the tone's leakage.

export const DEFAULT_BETA = 20;

/** Modified Bessel function of the first kind, order 0 (power series). */
function besselI0(x: number): number {
  const half = x / 2;
  let term = 1;
  let sum = 1;
  for (let k = 1; term > sum * 1e-17; k++) {
    term *= (half / k) ** 2;
    sum += term;
  }
  return sum;
}

export function kaiserWindow(length: number, beta = DEFAULT_BETA): Float64Array {
  const window = new Float64Array(length);
  const i0Beta = besselI0(beta);
  for (let n = 0; n < length; n++) {
    const r = (2 * n) / (length - 1) - 1;
    window[n] = besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / i0Beta;
  }
  return window;
}

/** Half-width of the Kaiser window's main lobe, in DFT bins. */
export function mainLobeBins(beta = DEFAULT_BETA): number {
  return Math.sqrt(1 + (beta / Math.PI) ** 2);
}

export function toDbfs(amplitude: number): number {
  return 20 * Math.log10(Math.max(amplitude, 1e-30));
}

/**
 * Amplitude of the component at exactly `frequencyHz` (a single-bin windowed DFT,
 * so there is no scalloping loss between FFT bins), in dBFS.
 */
export function toneDbfs(
  signal: ArrayLike<number>,
  sampleRate: number,
  frequencyHz: number,
  beta = DEFAULT_BETA,
): number {
  const window = kaiserWindow(signal.length, beta);
  const w = (2 * Math.PI * frequencyHz) / sampleRate;
  let re = 0;
  let im = 0;
  let gain = 0;
  for (let n = 0; n < signal.length; n++) {
    const x = signal[n] * window[n];
    re += x * Math.cos(w * n);
    im -= x * Math.sin(w * n);
    gain += window[n];
  }
  return toDbfs((2 * Math.hypot(re, im)) / gain);
}

export interface Spectrum {
  readonly binHz: number;
  /** Amplitude per bin from 0 Hz to Nyquist, in dBFS. */
  readonly dbfs: Float64Array;
  readonly beta: number;
}

/** Kaiser-windowed amplitude spectrum; the signal's length must be a power of two. */
export function spectrum(signal: ArrayLike<number>, sampleRate: number, beta = DEFAULT_BETA): Spectrum {
  const size = signal.length;
  if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`length ${size} is not a power of two`);
  const window = kaiserWindow(size, beta);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let gain = 0;
  for (let n = 0; n < size; n++) {
    re[n] = signal[n] * window[n];
    gain += window[n];
  }
  fft(re, im);
  const dbfs = new Float64Array(size / 2 + 1);
  for (let k = 0; k <= size / 2; k++) dbfs[k] = toDbfs((2 * Math.hypot(re[k], im[k])) / gain);
  return { binHz: sampleRate / size, dbfs, beta };
}

/**
 * The strongest bin farther than the main lobe (plus a bin) from every frequency
 * in `awayFromHz`: the largest spurious component next to known tones.
 */
export function strongestDbfs(s: Spectrum, awayFromHz: readonly number[] = []): { hz: number; dbfs: number } {
  const guardHz = (mainLobeBins(s.beta) + 1) * s.binHz;
  let best = { hz: 0, dbfs: Number.NEGATIVE_INFINITY };
  for (let k = 0; k < s.dbfs.length; k++) {
    const hz = k * s.binHz;
    if (awayFromHz.some((f) => Math.abs(hz - f) <= guardHz)) continue;
    if (s.dbfs[k] > best.dbfs) best = { hz, dbfs: s.dbfs[k] };
  }
  return best;
}

/** In-place iterative radix-2 complex FFT. */
export function fft(re: Float64Array, im: Float64Array): void {
  const size = re.length;
  for (let i = 1, j = 0; i < size; i++) {
    let bit = size >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j |= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let span = 2; span <= size; span <<= 1) {
    const angle = (-2 * Math.PI) / span;
    for (let start = 0; start < size; start += span) {
      for (let k = 0; k < span / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + span / 2;
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
}

// Measurements for the sung-vocal tests: f0 by normalised autocorrelation with a parabolic peak,
// cents, energy onsets and the spectral centroid.

/** Cents from b to a. */
export function cents(a: number, b: number): number {
  return 1200 * Math.log2(a / b);
}

export function midiHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

function correlation(x: Float32Array, from: number, length: number, lag: number): number {
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = from; i + lag < from + length; i++) {
    const a = x[i];
    const b = x[i + lag];
    xy += a * b;
    xx += a * a;
    yy += b * b;
  }
  const e = Math.sqrt(xx * yy);
  return e > 0 ? xy / e : 0;
}

/**
 * f0 (Hz) of x[from, from + length) between loHz and hiHz: the lag with the highest normalised
 * autocorrelation (the shortest within 10 % of it, against octave errors), refined by a parabola
 * through its neighbours; NaN when nothing correlates above 0.5. The window is low-passed first
 * (two one-pole stages at 1 kHz), so a sharp pulse train does not decorrelate at the integer lag
 * next to a fractional period.
 */
export function measureF0(
  x: Float32Array,
  sampleRate: number,
  from: number,
  length: number,
  loHz: number,
  hiHz: number,
): number {
  const smooth = new Float32Array(length);
  const k = 1 - Math.exp((-2 * Math.PI * 1000) / sampleRate);
  let a1 = 0;
  let a2 = 0;
  for (let i = 0; i < length; i++) {
    a1 += k * ((x[from + i] ?? 0) - a1);
    a2 += k * (a1 - a2);
    smooth[i] = a2;
  }
  const minLag = Math.floor(sampleRate / hiHz);
  const maxLag = Math.min(Math.ceil(sampleRate / loHz), Math.floor(length / 2));
  const r = new Float64Array(maxLag + 2);
  let best = -1;
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    r[lag] = correlation(smooth, 0, length, lag);
    if (lag >= minLag && lag <= maxLag && (best < 0 || r[lag] > r[best])) best = lag;
  }
  if (best < 0 || r[best] < 0.5) return Number.NaN;
  for (let lag = minLag + 1; lag < best; lag++) {
    if (r[lag] > 0.9 * r[best] && r[lag] >= r[lag - 1] && r[lag] >= r[lag + 1]) {
      best = lag;
      break;
    }
  }
  const a = r[best - 1];
  const b = r[best];
  const c = r[best + 1];
  const d = a - 2 * b + c;
  const lag = d < 0 ? best + (0.5 * (a - c)) / d : best;
  return sampleRate / lag;
}

/** The first frame from `from` on where the 5 ms RMS rises above `threshold`, or -1. */
export function energyOnset(
  x: Float32Array,
  sampleRate: number,
  from: number,
  to: number,
  threshold: number,
): number {
  const hop = Math.max(1, Math.round(sampleRate * 0.001));
  const span = Math.round(sampleRate * 0.005);
  for (let at = Math.max(0, from); at + span <= Math.min(x.length, to); at += hop) {
    let sum = 0;
    for (let i = at; i < at + span; i++) sum += x[i] * x[i];
    if (Math.sqrt(sum / span) > threshold) return at;
  }
  return -1;
}

export function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i] * x[i];
  return Math.sqrt(sum / Math.max(1, to - from));
}

/**
 * The average power spectrum of x in third-octave bands from 200 Hz to 5 kHz (dB), by a plain DFT
 * over 1024-frame Hann windows, one every 2048 frames: the shape of a voice's formants.
 */
export function bandLevelsDb(x: Float32Array, sampleRate: number): number[] {
  const size = 1024;
  const edges: number[] = [];
  for (let hz = 200; hz <= 5000; hz *= 2 ** (1 / 3)) edges.push(hz);
  const power = new Float64Array(edges.length - 1);
  const top = Math.floor((edges[edges.length - 1] * size) / sampleRate);
  for (let at = 0; at + size <= x.length; at += size * 2) {
    for (let k = 1; k <= top; k++) {
      let re = 0;
      let im = 0;
      for (let n = 0; n < size; n++) {
        const v = x[at + n] * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size));
        re += v * Math.cos((2 * Math.PI * k * n) / size);
        im -= v * Math.sin((2 * Math.PI * k * n) / size);
      }
      const hz = (k * sampleRate) / size;
      const band = edges.findIndex((edge, i) => i + 1 < edges.length && hz >= edge && hz < edges[i + 1]);
      if (band >= 0) power[band] += re * re + im * im;
    }
  }
  return Array.from(power, (p) => 10 * Math.log10(p + 1e-30));
}

/** The bytes of two signals are the same (a faster check than a deep equality on long arrays). */
export function sameSamples(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Ports of dspbench's baselines.py, the "poor" reference points the thresholds are set against:
//   naive-resample: varispeed by linear interpolation (a stretch changes pitch; a pitch shift changes
//                   duration), every op;
//   ola:            plain overlap-add (Hann 2048, synthesis hop 512, no waveform alignment), stretch ops;
//   pv:             plain phase vocoder (2048/512, no phase locking, no transient handling), stretch ops.
// baselines.py's pitch shift for ola and pv (scipy.signal.resample by 2^(-s/12), an FFT resampler over
// the whole 30 s, then a stretch back) is not ported: it needs arbitrary-length FFTs, and the naive
// resampler already covers the pitch ops.

import { irfft, rfft } from "./fft.ts";
import { symmetricHann } from "./metrics.ts";
import { pyRoundInt } from "./pycompat.ts";
import type { Stretcher } from "./stretch-check.ts";
import { OP_PARAMS } from "./stretch-check.ts";

/** baselines.linres: np.interp of each channel at np.linspace(0, N - 1, m). */
export function linres(x: readonly Float32Array[], m: number): Float32Array[] {
  return x.map((c) => {
    const n = c.length;
    const out = new Float32Array(m);
    const step = (n - 1) / (m - 1);
    for (let i = 0; i < m; i++) {
      const t = i === m - 1 ? n - 1 : i * step;
      const j = Math.floor(t);
      if (j >= n - 1) out[i] = c[n - 1];
      else if (t === j) out[i] = c[j];
      else out[i] = (c[j + 1] - c[j]) * (t - j) + c[j];
    }
    return out;
  });
}

/** naive-resample: x r stretches by resampling to round(N r); p s resamples to round(N / 2^(s/12)). */
export const naiveResample: Stretcher = (input, _sampleRate, op) => {
  const n = input[0].length;
  const { stretch, semis } = OP_PARAMS[op];
  const m = semis === 0 ? pyRoundInt(n * stretch) : pyRoundInt(n / 2 ** (semis / 12));
  return linres(input, m);
};

/** baselines.ola: each output hop takes the input frame at round(m / r), Hann-windowed, normalized. */
export function ola(x: readonly Float32Array[], r: number, W = 2048, hs = 512): Float32Array[] {
  const N = x[0].length;
  const M = pyRoundInt(N * r);
  const w = symmetricHann(W);
  const padTail = W + Math.trunc(W / r);
  const ws = new Float64Array(M + 2 * W);
  for (let m = 0; m < M + W; m += hs) for (let i = 0; i < W; i++) ws[m + i] += w[i];
  return x.map((c) => {
    const xp = new Float64Array(N + W + padTail);
    for (let i = 0; i < N; i++) xp[W + i] = c[i];
    const y = new Float64Array(M + 2 * W);
    for (let m = 0; m < M + W; m += hs) {
      const a = pyRoundInt(m / r);
      for (let i = 0; i < W; i++) y[m + i] += xp[a + i] * w[i];
    }
    const out = new Float32Array(M);
    for (let i = 0; i < M; i++) out[i] = y[W / 2 + i] / Math.max(ws[W / 2 + i], 1e-3);
    return out;
  });
}

/** numpy's round (rint): half to even. */
function rint(x: number): number {
  return pyRoundInt(x);
}

/**
 * baselines.pv: analysis frames every H, read at fractional positions 1/r apart with linearly
 * interpolated magnitudes and phases advanced by each bin's measured frequency.
 */
export function pv(x: readonly Float32Array[], r: number, W = 2048, H = 512): Float32Array[] {
  const N = x[0].length;
  const M = pyRoundInt(N * r);
  const w = symmetricHann(W);
  const bins = W / 2 + 1;
  const omega = Float64Array.from({ length: bins }, (_, k) => (2 * Math.PI * H * k) / W);
  const spec = { re: new Float64Array(bins), im: new Float64Array(bins) };
  const frame = new Float64Array(W);
  return x.map((c) => {
    const xp = new Float64Array(N + 2 * W);
    xp.set(c, W);
    const nf = Math.floor((xp.length - W) / H) + 1;
    const mags = new Float64Array(nf * bins);
    const angles = new Float64Array(nf * bins);
    for (let i = 0; i < nf; i++) {
      rfft(xp, W, i * H, w, spec);
      for (let b = 0; b < bins; b++) {
        const re = spec.re[b];
        const im = spec.im[b];
        mags[i * bins + b] = Math.sqrt(re * re + im * im);
        angles[i * bins + b] = Math.atan2(im, re);
      }
    }
    // np.arange(0, nf - 1, 1 / r)
    const delta = 1 / r;
    const stepCount = Math.ceil((nf - 1) / delta);
    const phase = angles.slice(0, bins);
    const y = new Float64Array(stepCount * H + W);
    const ws = new Float64Array(y.length);
    const re = new Float64Array(bins);
    const im = new Float64Array(bins);
    for (let k = 0; k < stepCount; k++) {
      const s = k * delta;
      const i = Math.trunc(s);
      const fr = s - i;
      const a = i * bins;
      const b1 = a + bins;
      for (let b = 0; b < bins; b++) {
        const m = (1 - fr) * mags[a + b] + fr * mags[b1 + b];
        re[b] = m * Math.cos(phase[b]);
        im[b] = m * Math.sin(phase[b]);
      }
      irfft(re, im, W, frame);
      const o = k * H;
      for (let j = 0; j < W; j++) {
        y[o + j] += frame[j] * w[j];
        ws[o + j] += w[j] * w[j];
      }
      for (let b = 0; b < bins; b++) {
        const dp = angles[b1 + b] - angles[a + b] - omega[b];
        phase[b] += omega[b] + (dp - 2 * Math.PI * rint(dp / (2 * Math.PI)));
      }
    }
    const len = Math.max(0, Math.min(M, y.length - W));
    const out = new Float32Array(len);
    for (let i = 0; i < len; i++) out[i] = y[W + i] / Math.max(ws[W + i], 1e-3);
    return out;
  });
}

/** ola as a Stretcher, for the stretch ops only. */
export const olaStretcher: Stretcher = (input, _sampleRate, op) => {
  const { stretch, semis } = OP_PARAMS[op];
  if (semis !== 0) throw new Error("the ola baseline's pitch shift is not ported");
  return ola(input, stretch);
};

/** pv as a Stretcher, for the stretch ops only. */
export const pvStretcher: Stretcher = (input, _sampleRate, op) => {
  const { stretch, semis } = OP_PARAMS[op];
  if (semis !== 0) throw new Error("the pv baseline's pitch shift is not ported");
  return pv(input, stretch);
};

// Loudness and true peak of audio, measured by the DSP core (dsp/master): ITU-R BS.1770-4 integrated
// loudness (K-weighted, gated) and its Annex 2 true peak. Mono audio counts as one channel.

import type { DspExports } from "../../engine/node.ts";
import type { PcmAudio } from "../song-request.ts";
import { eachBlock, instanceTools, stereoPair } from "./wasm-blocks.ts";

/** Zeros pushed after the end so the true-peak interpolator's last outputs are read too. */
export const TRUE_PEAK_FLUSH = 12;

export interface LoudnessReading {
  /** LUFS; -Infinity for silence. */
  readonly integratedLufs: number;
  /** dBTP; -Infinity for silence. */
  readonly truePeakDb: number;
}

/** Both readings in one pass over the audio. */
export function measureLoudness(dsp: DspExports, audio: PcmAudio): LoudnessReading {
  const t = instanceTools(dsp, audio.sampleRate);
  const frames = stereoPair(audio).left.length;
  dsp.loudnessBegin(t.loudness, frames);
  dsp.truePeakReset(t.truePeak);
  eachBlock(
    dsp,
    t,
    audio,
    (start, n) => {
      const real = Math.max(0, Math.min(n, frames - start));
      if (real > 0) dsp.loudnessProcess(t.loudness, t.left, t.right, real);
      dsp.truePeakProcess(t.truePeak, t.left, t.right, n);
    },
    TRUE_PEAK_FLUSH,
  );
  const peak = dsp.truePeakRead(t.truePeak);
  return {
    integratedLufs: dsp.loudnessIntegrated(t.loudness),
    truePeakDb: peak > 0 ? 20 * Math.log10(peak) : -Infinity,
  };
}

export function integratedLufs(dsp: DspExports, audio: PcmAudio): number {
  const t = instanceTools(dsp, audio.sampleRate);
  dsp.loudnessBegin(t.loudness, stereoPair(audio).left.length);
  eachBlock(dsp, t, audio, (_, n) => dsp.loudnessProcess(t.loudness, t.left, t.right, n));
  return dsp.loudnessIntegrated(t.loudness);
}

export function truePeakDbtp(dsp: DspExports, audio: PcmAudio): number {
  const t = instanceTools(dsp, audio.sampleRate);
  dsp.truePeakReset(t.truePeak);
  eachBlock(dsp, t, audio, (_, n) => dsp.truePeakProcess(t.truePeak, t.left, t.right, n), TRUE_PEAK_FLUSH);
  const peak = dsp.truePeakRead(t.truePeak);
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

/** EBU R128 loudness range: short-term windows of 3 s, every 0.1 s (EBU Tech 3342). */
const SHORT_TERM_SECONDS = 3;
const LRA_HOP_SECONDS = 0.1;
const LRA_ABSOLUTE_GATE = -70;
const LRA_RELATIVE_GATE_LU = -20;

/**
 * The audio's loudness range (LU, EBU Tech 3342): the spread between the 10th and 95th percentiles of
 * its gated short-term loudness. K-weighting is the track EQ (dsp/track-eq.ts) set to BS.1770's two
 * stages (a 38 Hz high-pass and a +4 dB shelf from 1.7 kHz); 0 for audio shorter than one window.
 */
export function loudnessRange(dsp: DspExports, audio: PcmAudio): number {
  const t = instanceTools(dsp, audio.sampleRate);
  const eq = kWeighting(dsp, audio.sampleRate);
  const hop = Math.round(LRA_HOP_SECONDS * audio.sampleRate);
  const frames = stereoPair(audio).left.length;
  const hops = new Float64Array(Math.floor(frames / hop));
  eachBlock(dsp, t, audio, (start, n) => {
    dsp.eqProcess(eq, t.left, t.right, n);
    const l = new Float32Array(dsp.memory.buffer, t.left, n);
    const r = new Float32Array(dsp.memory.buffer, t.right, n);
    for (let i = 0; i < n; i++) {
      const k = Math.floor((start + i) / hop);
      if (k < hops.length) hops[k] += l[i] * l[i] + r[i] * r[i];
    }
  });
  const per = Math.round(SHORT_TERM_SECONDS / LRA_HOP_SECONDS);
  const shortTerm: number[] = [];
  let sum = 0;
  for (let k = 0; k < hops.length; k++) {
    sum += hops[k];
    if (k >= per) sum -= hops[k - per];
    if (k >= per - 1) {
      const lufs = -0.691 + 10 * Math.log10(Math.max(sum, 0) / (per * hop));
      if (lufs > LRA_ABSOLUTE_GATE) shortTerm.push(lufs);
    }
  }
  if (shortTerm.length === 0) return 0;
  const mean = shortTerm.reduce((s, l) => s + 10 ** (l / 10), 0) / shortTerm.length;
  const gate = 10 * Math.log10(mean) + LRA_RELATIVE_GATE_LU;
  const kept = shortTerm.filter((l) => l > gate).sort((a, b) => a - b);
  const at = (q: number) => kept[Math.min(kept.length - 1, Math.round(q * (kept.length - 1)))];
  return kept.length > 0 ? at(0.95) - at(0.1) : 0;
}

const kFilters = new WeakMap<DspExports, Map<number, number>>();

/** The instance's K-weighting EQ at this rate, cleared for a new measure. */
function kWeighting(dsp: DspExports, sampleRate: number): number {
  let byRate = kFilters.get(dsp);
  if (!byRate) {
    byRate = new Map();
    kFilters.set(dsp, byRate);
  }
  let eq = byRate.get(sampleRate);
  if (eq === undefined) {
    eq = dsp.eqCreate(sampleRate);
    // Track EQ stages: 0 high-pass, 4 high shelf.
    dsp.eqSetStage(eq, 0, 1, 38.135, 0.5003, 0);
    dsp.eqSetStage(eq, 4, 1, 1681.97, 0.7072, 3.9998);
    byRate.set(sampleRate, eq);
  }
  dsp.eqReset(eq);
  return eq;
}

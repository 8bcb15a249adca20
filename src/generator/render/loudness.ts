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

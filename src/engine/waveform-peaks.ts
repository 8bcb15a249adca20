import type { DspExports } from "../../worklets/dsp-abi.ts";

/**
 * Min/max mipmaps of a mono signal, as dsp/waveform-peaks.ts builds them:
 * level 0 summarises blocks of `baseBlock` frames, each next level halves the
 * resolution, the last has one block. The timeline draws the level nearest its
 * zoom; the API serves them as waveform aggregates by mip_map_level.
 */
export interface WaveformPeaks {
  readonly frames: number;
  readonly baseBlock: number;
  /** levels[k] holds (min, max) pairs of blocks of baseBlock * 2^k frames. */
  readonly levels: readonly Float32Array[];
}

export function buildWaveformPeaks(dsp: DspExports, pcm: Float32Array): WaveformPeaks {
  const frames = pcm.length;
  const baseBlock = dsp.peaksBaseBlock();
  const count = dsp.peaksLevelCount(frames);
  if (count === 0) return { frames, baseBlock, levels: [] };
  const pairs = dsp.peaksTotalPairs(frames);
  const input = dsp.alloc(frames * 4);
  const output = dsp.alloc(pairs * 8);
  try {
    new Float32Array(dsp.memory.buffer, input, frames).set(pcm);
    dsp.peaksBuild(input, frames, output);
    const all = new Float32Array(dsp.memory.buffer, output, pairs * 2);
    const levels = Array.from({ length: count }, (_, level) =>
      all.slice(2 * dsp.peaksLevelOffset(frames, level), 2 * dsp.peaksLevelOffset(frames, level + 1)),
    );
    return { frames, baseBlock, levels };
  } finally {
    dsp.free(input);
    dsp.free(output);
  }
}

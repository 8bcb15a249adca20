// Draws a clip's waveform into RGBA pixels from the source's min/max mipmaps: one column per
// screen pixel at the zoom it is drawn for, read from the coarsest level that still has a pair
// per column. White where the signal is, transparent elsewhere; the sprite tints it.

import { beats } from "../../shared/time.ts";
import { beatsToSeconds, type TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourcePeaks } from "../audio/source-library.ts";
import { type ClipTiming, contentSecondsAt } from "./clip-timing.ts";

export interface WaveRaster {
  /** RGBA pixels, `stride` pixels per row. */
  readonly pixels: Uint32Array;
  readonly stride: number;
  readonly height: number;
}

export interface WaveWindow {
  /** The timeline beat of column 0's left edge. */
  readonly fromBeat: number;
  readonly columns: number;
  readonly pixelsPerBeat: number;
}

const OPAQUE_WHITE = 0xffffffff;

/** The mip level whose blocks are no longer than a column, so no column is left without a pair. */
export function levelFor(peaks: SourcePeaks, framesPerColumn: number): number {
  const ratio = framesPerColumn / peaks.baseBlock;
  const level = ratio <= 1 ? 0 : Math.floor(Math.log2(ratio));
  return Math.min(level, peaks.levels.length - 1);
}

export function rasterizeWaveform(
  raster: WaveRaster,
  window: WaveWindow,
  timing: ClipTiming,
  tempo: TempoMap,
  peaks: SourcePeaks,
): void {
  const { pixels, stride, height } = raster;
  const { columns, fromBeat, pixelsPerBeat } = window;
  const middle = height / 2;
  const rate = peaks.sampleRate;
  const constantBps = tempo.points.length === 1 ? tempo.pointBps[0] : 0;
  const secondsAt = (beat: number) =>
    constantBps > 0 ? beat / constantBps : beatsToSeconds(tempo, beats(beat));
  for (let row = 0; row < height; row++) pixels.fill(0, row * stride, row * stride + columns);
  if (peaks.levels.length === 0) return;
  let level = -1;
  let pairs: Float32Array = peaks.levels[0];
  let block = peaks.baseBlock;
  for (let column = 0; column < columns; column++) {
    const t0 = secondsAt(fromBeat + column / pixelsPerBeat);
    const t1 = secondsAt(fromBeat + (column + 1) / pixelsPerBeat);
    const f0 = contentSecondsAt(timing, t0) * rate;
    // A warped clip's audio runs faster or slower than the timeline; a loop's wrap runs backwards.
    const warpedSpan = contentSecondsAt(timing, t1) * rate - f0;
    const span = warpedSpan > 0 ? warpedSpan : (t1 - t0) * rate;
    const wanted = levelFor(peaks, span);
    if (wanted !== level) {
      level = wanted;
      pairs = peaks.levels[level];
      block = peaks.baseBlock * 2 ** level;
    }
    const f1 = f0 + span;
    if (f1 <= 0 || f0 >= peaks.frames) continue;
    let low = 0;
    let high = 0;
    if (span < peaks.baseBlock) {
      // Closer than the finest level: the samples themselves, each column joined to the next.
      const { mono } = peaks;
      const first = Math.max(0, Math.floor(f0));
      const last = Math.min(mono.length - 1, Math.max(first + 1, Math.ceil(f1)));
      low = mono[first];
      high = low;
      for (let i = first + 1; i <= last; i++) {
        const sample = mono[i];
        if (sample < low) low = sample;
        if (sample > high) high = sample;
      }
    } else {
      const count = pairs.length >> 1;
      const first = Math.max(0, Math.floor(f0 / block));
      const last = Math.min(count, Math.max(first + 1, Math.ceil(f1 / block)));
      for (let pair = first; pair < last; pair++) {
        const min = pairs[2 * pair];
        const max = pairs[2 * pair + 1];
        if (min < low) low = min;
        if (max > high) high = max;
      }
    }
    let top = Math.floor(middle - Math.min(1, high) * middle);
    let bottom = Math.ceil(middle - Math.max(-1, low) * middle);
    if (bottom - top < 1) {
      top = Math.floor(middle);
      bottom = top + 1;
    }
    top = Math.max(0, top);
    bottom = Math.min(height, bottom);
    for (let row = top; row < bottom; row++) pixels[row * stride + column] = OPAQUE_WHITE;
  }
}

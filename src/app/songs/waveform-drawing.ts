// Draws a min/max waveform on a 2D canvas: the mipmap level whose point count best covers the
// canvas width, one column of min..max per pixel.

import type { WaveformAggregatesResponse } from "../../shared/api/clip-media.ts";

type WaveformLevel = WaveformAggregatesResponse["waveform_aggregates"][number];

export interface Peaks {
  readonly min: ArrayLike<number>;
  readonly max: ArrayLike<number>;
}

/** The coarsest level that still has at least one point per pixel (else the finest). */
export function pickLevel(
  waveform: { readonly waveform_aggregates: readonly Pick<WaveformLevel, "mip_map_level" | "min" | "max">[] },
  width: number,
): Peaks | null {
  const levels = [...waveform.waveform_aggregates].sort((a, b) => a.mip_map_level - b.mip_map_level);
  if (levels.length === 0) return null;
  const enough = levels.filter((level) => level.min.length >= width);
  return enough.at(-1) ?? levels[0] ?? null;
}

export interface DrawOptions {
  readonly color: string;
}

export function drawPeaks(canvas: HTMLCanvasElement, peaks: Peaks, options: DrawOptions): void {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext("2d");
  if (context === null) return;
  context.clearRect(0, 0, width, height);
  const points = peaks.min.length;
  if (points === 0) return;
  const middle = height / 2;
  context.fillStyle = options.color;
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x / width) * points);
    const to = Math.max(from + 1, Math.floor(((x + 1) / width) * points));
    let low = 0;
    let high = 0;
    for (let i = from; i < to && i < points; i++) {
      low = Math.min(low, peaks.min[i] ?? 0);
      high = Math.max(high, peaks.max[i] ?? 0);
    }
    const top = middle - high * middle;
    context.fillRect(x, top, 1, Math.max(1, (high - low) * middle));
  }
}

/** Min/max of the first channel over `points` equal blocks of a decoded buffer. */
export function bufferPeaks(buffer: AudioBuffer, points: number): Peaks {
  const data = buffer.getChannelData(0);
  const min = new Float32Array(points);
  const max = new Float32Array(points);
  for (let point = 0; point < points; point++) {
    const from = Math.floor((point / points) * data.length);
    const to = Math.max(from + 1, Math.floor(((point + 1) / points) * data.length));
    let low = 0;
    let high = 0;
    for (let i = from; i < to && i < data.length; i++) {
      const sample = data[i] ?? 0;
      if (sample < low) low = sample;
      if (sample > high) high = sample;
    }
    min[point] = low;
    max[point] = high;
  }
  return { min, max };
}

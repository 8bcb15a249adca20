// Where each track sits vertically, from the tracks' heights. Recomputed only when the tracks
// array changes (edits make new arrays; anything else keeps it).

import type { Track } from "../../shared/project/index.ts";

export interface TrackLayout {
  readonly tracks: readonly Track[];
  /** tops[i] is track i's top in the tracks' own coordinates; tops[n] is the total height. */
  readonly tops: Float64Array;
}

export function layoutTracks(tracks: readonly Track[]): TrackLayout {
  const tops = new Float64Array(tracks.length + 1);
  for (let i = 0; i < tracks.length; i++) tops[i + 1] = tops[i] + tracks[i].height;
  return { tracks, tops };
}

export const totalHeight = (layout: TrackLayout): number => layout.tops[layout.tracks.length];

/** The track at y (tracks' own coordinates), or -1 outside every track. */
export function trackIndexAt(layout: TrackLayout, y: number): number {
  const { tops } = layout;
  const count = layout.tracks.length;
  if (count === 0 || y < 0 || y >= tops[count]) return -1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (tops[middle] <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The tracks showing between y0 and y1 (tracks' own coordinates) as [first, last], or null. */
export function visibleTrackRange(layout: TrackLayout, y0: number, y1: number): [number, number] | null {
  const count = layout.tracks.length;
  if (count === 0) return null;
  const first = Math.max(0, trackIndexAt(layout, Math.max(0, y0)));
  const lastY = Math.min(y1, layout.tops[count] - 1e-6);
  if (lastY < 0 || y0 >= layout.tops[count]) return null;
  const last = trackIndexAt(layout, lastY);
  return last < first ? null : [first, last];
}

/** The track nearest y, clamped to the first and last: where a dragged clip lands. */
export function nearestTrackIndex(layout: TrackLayout, y: number): number {
  const count = layout.tracks.length;
  if (count === 0) return -1;
  if (y < 0) return 0;
  if (y >= layout.tops[count]) return count - 1;
  return trackIndexAt(layout, y);
}

// Where each track sits vertically. A track's block is its own row (its height) and, while its take
// lanes are expanded, one row per lane under it. Recomputed only when the tracks array changes
// (edits make new arrays; anything else keeps it). Pure, so the canvas, the headers and the
// pointer handling share one answer.

import { renderedClips } from "../../engine/render-plan.ts";
import type { StudioClip, Track } from "../../shared/project/index.ts";

/** The height of an expanded take lane's row. */
export const TAKE_LANE_ROW_PX = 56;

export interface TrackLayout {
  readonly tracks: readonly Track[];
  /** tops[i] is track i's block top in the tracks' own coordinates; tops[n] is the total height. */
  readonly tops: Float64Array;
}

/** How many lane rows a track shows under its own row. */
export const shownTakeLaneCount = (track: Track): number =>
  track.takeLanesExpanded ? track.takeLanes.length : 0;

/** A track's own row and its expanded lanes' rows. */
export const trackBlockHeight = (track: Track): number =>
  track.height + shownTakeLaneCount(track) * TAKE_LANE_ROW_PX;

export function layoutTracks(tracks: readonly Track[]): TrackLayout {
  const tops = new Float64Array(tracks.length + 1);
  for (let i = 0; i < tracks.length; i++) tops[i + 1] = tops[i] + trackBlockHeight(tracks[i]);
  return { tracks, tops };
}

export const totalHeight = (layout: TrackLayout): number => layout.tops[layout.tracks.length];

/** One row of the timeline: a track's own (lane -1) or one of its take lanes' (lane >= 0). */
export interface TrackRow {
  readonly trackIndex: number;
  readonly lane: number;
  /** In the tracks' own coordinates. */
  readonly top: number;
  readonly height: number;
}

/** The rows of track i, its own first; no lane rows while its lanes are collapsed. */
export function rowsOf(layout: TrackLayout, trackIndex: number): TrackRow[] {
  const track = layout.tracks[trackIndex];
  if (track === undefined) return [];
  const top = layout.tops[trackIndex];
  const rows: TrackRow[] = [{ trackIndex, lane: -1, top, height: track.height }];
  const count = shownTakeLaneCount(track);
  for (let lane = 0; lane < count; lane++) {
    rows.push({
      trackIndex,
      lane,
      top: top + track.height + lane * TAKE_LANE_ROW_PX,
      height: TAKE_LANE_ROW_PX,
    });
  }
  return rows;
}

/**
 * The row at y (tracks' own coordinates), or null outside every track: the last of its track's
 * rows (rowsOf) starting at or above y.
 */
export function rowAt(layout: TrackLayout, y: number): TrackRow | null {
  const trackIndex = trackIndexAt(layout, y);
  if (trackIndex < 0) return null;
  const rows = rowsOf(layout, trackIndex);
  return rows.findLast((row) => row.top <= y) ?? rows[0];
}

/**
 * The clips a row shows. A track's own row shows what the engine plays for it: a solo take lane's
 * clips in place of the track's own (the render plan's rule, shared). A lane row shows its lane's.
 */
export function rowClips(track: Track, lane: number): readonly StudioClip[] {
  if (lane < 0) return renderedClips(track);
  return track.takeLanes[lane]?.clips ?? [];
}

/** The take lane whose clips the track's own row shows instead of its own, if one is soloed. */
export const soloedLaneIndex = (track: Track): number =>
  track.soloTakeLaneId === null ? -1 : track.takeLanes.findIndex((lane) => lane.id === track.soloTakeLaneId);

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

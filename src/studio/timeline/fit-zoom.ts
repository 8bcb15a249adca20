// The zoom a project opens at: its whole length in view with a small margin after it, so a new
// user sees the song rather than its first bars. Never closer than the initial zoom: an empty or
// short project opens at the usual 100 px per beat, with room after it to add to.

import { INITIAL_PIXELS_PER_BEAT, MIN_PIXELS_PER_BEAT } from "./constants.ts";

/** The room left after the project's end, as a share of its length. */
export const FIT_MARGIN = 0.05;

/** Pixels per beat that show beats 0 to `endBeats` (and the margin) in `widthPx`. */
export function fitPixelsPerBeat(endBeats: number, widthPx: number): number {
  if (!(endBeats > 0) || !(widthPx > 0)) return INITIAL_PIXELS_PER_BEAT;
  const fitted = widthPx / (endBeats * (1 + FIT_MARGIN));
  return Math.min(INITIAL_PIXELS_PER_BEAT, Math.max(MIN_PIXELS_PER_BEAT, fitted));
}

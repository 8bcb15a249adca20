import { MIN_GRID_SPACING_PX } from "./constants.ts";

/**
 * The spacing of the grid lines drawn, in beats: the grid multiplier, doubled until lines are at
 * least MIN_GRID_SPACING_PX apart so a zoomed-out timeline is not a solid block of lines.
 */
export function drawnGridStep(gridMultiplier: number, pixelsPerBeat: number): number {
  let step = gridMultiplier;
  while (step * pixelsPerBeat < MIN_GRID_SPACING_PX && step < 1 << 20) step *= 2;
  return step;
}

/** The nearest grid position; with no grid (snapping off) the beat itself. */
export const snapToGrid = (beat: number, step: number | null): number =>
  step === null || step <= 0 ? beat : Math.round(beat / step) * step;

/** "1/4", "1", "2" ...: how the transport shows the grid multiplier. */
export function formatGrid(multiplier: number): string {
  if (multiplier >= 1) return String(multiplier);
  return `1/${Math.round(1 / multiplier)}`;
}

/** The grid multiplier's range; Shift+1 halves it and Shift+2 doubles it. */
export const GRID_MULTIPLIER_MIN = 1 / 32;
export const GRID_MULTIPLIER_MAX = 32;

export const halveGrid = (multiplier: number): number => Math.max(multiplier / 2, GRID_MULTIPLIER_MIN);

export const doubleGrid = (multiplier: number): number => Math.min(multiplier * 2, GRID_MULTIPLIER_MAX);

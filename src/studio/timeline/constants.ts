// The timeline's sizes and limits. The product's fixed numbers are marked "Fixed"; the rest are ours.

/** Fixed: the initial zoom. */
export const INITIAL_PIXELS_PER_BEAT = 100;
export const MIN_PIXELS_PER_BEAT = 1;
export const MAX_PIXELS_PER_BEAT = 4000;

/** Fixed: a press becomes a drag once the pointer has moved this far. */
export const DRAG_THRESHOLD_PX = 5;
/** Fixed: a clip narrower than this on screen cannot be dragged (a click still selects it). */
export const MIN_DRAGGABLE_WIDTH_PX = 4;
/** Fixed: the most the view shifts per frame while a drag holds the pointer past its edge. */
export const AUTO_SCROLL_MAX_SHIFT_PX = 12;

/** The ruler across the top of the canvas. */
export const RULER_HEIGHT = 28;
/** How far into a clip its edges can be grabbed for trimming. */
export const EDGE_GRAB_PX = 8;
/** The fade handles' size, at the clip's top corners. */
export const FADE_HANDLE_PX = 8;
/** The band at the top of a clip that holds its name. */
export const CLIP_HEADER_PX = 16;
/** Loop handles in the ruler. */
export const LOOP_HANDLE_PX = 6;
/** Grid lines closer than this on screen are thinned out (every other one kept). */
export const MIN_GRID_SPACING_PX = 10;

export const BEATS_PER_BAR = 4;

/** Rows of a waveform texture: drawn once per zoom level and stretched to the track's height. */
export const WAVE_TEXTURE_HEIGHT = 32;
/** Waveform columns drawn at once for a clip: the visible part and some on either side. */
export const WAVE_MAX_COLUMNS = 4096;
/**
 * Time a frame may spend drawing waveforms (one is always drawn when any is due); the rest show
 * their previous zoom stretched until their turn in the next frames.
 */
export const WAVE_BUDGET_MS = 1;

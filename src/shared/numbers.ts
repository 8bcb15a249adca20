// Small numeric helpers every layer may use (dsp/ is AssemblyScript and keeps its own).

/**
 * `value` limited to `low..high`. NaN stays NaN: callers that take typed or dragged numbers refuse
 * NaN before clamping, so that a bad input leaves the state alone rather than moving it to an end.
 */
export const clamp = (value: number, low: number, high: number): number =>
  Math.min(Math.max(value, low), high);

/**
 * A fraction limited to `0..1`; NaN counts as 0, as a level or a position that cannot be read
 * is shown at the bottom.
 */
export const clamp01 = (value: number): number => (value >= 0 ? Math.min(value, 1) : 0);

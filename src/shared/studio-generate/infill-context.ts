// The context a studio infill is made from, and where the infill sits inside it, in seconds of the
// rendered context (which starts at the context's start, so the render's 0 s is contextStart).

/** Classic replace shows a context window: this many beats each side of the range by default. */
export const DEFAULT_CONTEXT_WINDOW_BEATS = 32;
/** Boundaries this close (seconds) to the content's ends count as the full content. */
export const FULL_CONTEXT_TOLERANCE_SECONDS = 0.02;

export interface BeatRange {
  readonly startBeats: number;
  readonly endBeats: number;
}

/**
 * The beats rendered as context. Classic replace and create (which show the window) take the window
 * each side, clamped to the content; smart and fixed replace, and extend, take all the content before
 * (and, but for extend, after) the range; an extend's context ends where the content does.
 */
export function contextRange(input: {
  readonly range: BeatRange;
  readonly content: BeatRange;
  /** Null when no context window applies. */
  readonly windowBeats: number | null;
  readonly extend: boolean;
}): BeatRange {
  const { range, content, windowBeats } = input;
  const before = windowBeats === null ? content.startBeats : range.startBeats - windowBeats;
  const after = windowBeats === null ? content.endBeats : range.endBeats + windowBeats;
  const startBeats = Math.min(range.startBeats, Math.max(content.startBeats, before));
  // An extend continues where the content ends, also when the selection starts past it.
  const endBeats = input.extend
    ? Math.max(startBeats, Math.min(range.startBeats, content.endBeats))
    : Math.max(range.endBeats, Math.min(content.endBeats, after));
  return { startBeats, endBeats };
}

export interface InfillBoundaries {
  readonly infillStartSeconds?: number;
  readonly infillEndSeconds?: number;
  readonly contextStartSeconds?: number;
  readonly contextEndSeconds?: number;
}

/**
 * Full-context infill: all four boundaries defined and the context spanning the whole clip
 * (0 to its duration) within 0.02 s.
 */
export function isFullContextInfill(bounds: InfillBoundaries, clipDurationSeconds: number): boolean {
  const { infillStartSeconds, infillEndSeconds, contextStartSeconds, contextEndSeconds } = bounds;
  if (
    infillStartSeconds === undefined ||
    infillEndSeconds === undefined ||
    contextStartSeconds === undefined ||
    contextEndSeconds === undefined
  ) {
    return false;
  }
  // The tolerance is inclusive, also when the subtraction's rounding lands a hair above it.
  const within = (a: number, b: number) => Math.abs(a - b) <= FULL_CONTEXT_TOLERANCE_SECONDS + 1e-9;
  return within(contextStartSeconds, 0) && within(contextEndSeconds, clipDurationSeconds);
}

/** The edit page's replace-section button shows for selections of at least this many seconds. */
export const EDIT_INFILL_MIN_SECONDS = 5;

export const editInfillToolShown = (selectionSeconds: number): boolean =>
  selectionSeconds >= EDIT_INFILL_MIN_SECONDS;

// The loading overlay's timings, as pure functions of the clock: the
// legacy editor link 5 s after "Loading DSP Engine..." first shows (while the project opens, before
// the studio is there), the overlay's fade 8 s after loading is done.

export const LEGACY_LINK_DELAY_MS = 5000;
export const OVERLAY_FADE_DELAY_MS = 8000;
/** The fade's own length (the CSS transition on .loading-overlay): then it is removed. */
export const OVERLAY_FADE_MS = 600;

/** How long until the legacy link shows, "Loading DSP Engine..." having shown since `shownAt`. */
export const legacyLinkDelay = (shownAt: number, now: number): number =>
  Math.max(0, shownAt + LEGACY_LINK_DELAY_MS - now);

/** How long until the overlay fades, loading having finished at `readyAt`. */
export const overlayFadeDelay = (readyAt: number, now: number): number =>
  Math.max(0, readyAt + OVERLAY_FADE_DELAY_MS - now);

/**
 * Where "Open in Legacy Editor" leads. The spec's legacy editor (/edit-legacy/{clipId}) is another
 * product's older editor, which this app does not have: the link opens the create page, where the
 * song (and the library) can be played and worked on without the studio's audio engine.
 */
export const LEGACY_EDITOR_HREF = "/create";

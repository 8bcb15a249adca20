// What the player bar says, from what its <audio> element does. The bar claims "playing" only while
// the element is truly sounding: asked to play, not paused, with data ahead, and its position moving.
// Anything else while the listener wants to hear the song is "buffering".

export type PlayerShows = "paused" | "playing" | "buffering";

/** HTMLMediaElement.HAVE_FUTURE_DATA: enough ahead of the position to play on. */
const HAVE_FUTURE_DATA = 3;
/** A position that has not moved for this long is silence, whatever the element's flags say. */
export const STILL_MS = 600;

export interface ElementReading {
  /** The listener asked to play (the play button's intent). */
  readonly wanted: boolean;
  readonly paused: boolean;
  /** A `waiting` event came and no `playing` since. */
  readonly waiting: boolean;
  readonly readyState: number;
  /** Wall time since the position last moved (or since play was asked). */
  readonly stillForMs: number;
}

export function playerShows(reading: ElementReading): PlayerShows {
  if (!reading.wanted) return "paused";
  const sounding =
    !reading.paused &&
    !reading.waiting &&
    reading.readyState >= HAVE_FUTURE_DATA &&
    reading.stillForMs < STILL_MS;
  return sounding ? "playing" : "buffering";
}

export interface SourceChange {
  /** The new address is for the clip the element already holds. */
  readonly sameClip: boolean;
  /** The element stopped before the song's end (its response ended early, or failed). */
  readonly cut: boolean;
  readonly wanted: boolean;
  readonly complete: boolean;
}

/**
 * Whether the element takes a clip's new audio address. Another clip: always. The same clip: a
 * growing response carries the whole song, so the element keeps it while it plays; it moves on when
 * its audio was cut short, or, while paused, to the finished file (which can seek).
 */
export const adoptsSource = (change: SourceChange): boolean =>
  !change.sameClip || change.cut || (!change.wanted && change.complete);

/** Seconds from the end within which a stop is the song's end, not a cut. */
export const END_SLACK_S = 0.5;

/** Whether a stop at `position` is the song's end: the clip is complete and the position at its length. */
export const isSongEnd = (position: number, complete: boolean, durationSeconds: number): boolean =>
  complete && position >= durationSeconds - END_SLACK_S;

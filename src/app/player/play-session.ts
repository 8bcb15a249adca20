// A play counts once per song per listener session (the tab, across reloads, so a reload does not
// inflate counts), wherever it is heard: the global player on every page, and the embed player.
// Plain DOM and no zod: the embed's script stays small.

import {
  heardAfter,
  meaningfulSeconds,
  playCountSampleFactor,
  reportsSampledPlay,
} from "../../shared/player/listening.ts";

const countedKey = (clipId: string) => `tunesmith.play-counted.${clipId}`;

function countedBefore(clipId: string): boolean {
  try {
    return sessionStorage.getItem(countedKey(clipId)) !== null;
  } catch {
    return false;
  }
}

function markCounted(clipId: string): void {
  try {
    sessionStorage.setItem(countedKey(clipId), "1");
  } catch {
    // Storage refused (a private window, a third-party frame): the play still counts once here.
  }
}

/** Follows the positions a player reports for one song; `heard` says true once, when the play counts. */
export interface PlayTracker {
  readonly clipId: string;
  heard(seconds: number): boolean;
}

/** A tracker for a song starting at `fromSeconds`; null when this session already counted it. */
export function trackPlay(
  clipId: string,
  durationSeconds: number | null | undefined,
  fromSeconds: number,
): PlayTracker | null {
  if (countedBefore(clipId)) return null;
  const needed = meaningfulSeconds(durationSeconds);
  let heard = 0;
  let last = fromSeconds;
  let done = false;
  return {
    clipId,
    heard(seconds) {
      if (done) return false;
      heard = heardAfter(heard, last, seconds);
      last = seconds;
      if (heard < needed || countedBefore(clipId)) return false;
      done = true;
      markCounted(clipId);
      return true;
    },
  };
}

/** The factor to report a counted play with, or null when sampling leaves this one out. */
export function sampledFactor(playCount: number): number | null {
  const factor = playCountSampleFactor(playCount);
  return reportsSampledPlay(factor, Math.random()) ? factor : null;
}

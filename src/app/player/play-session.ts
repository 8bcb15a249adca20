// A play counts once per song per listener session (the tab, across reloads, so a reload does not
// inflate counts), wherever it is heard: the global player on every page, and the embed player.
// Plain DOM and no zod: the embed's script stays small.

import {
  followListen,
  NO_LISTEN,
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

/**
 * Whether a listen that just counted (see followListen) is this session's first of the song, the one
 * its play count takes; it is claimed, so the next one is not.
 */
export function claimPlay(clipId: string): boolean {
  if (countedBefore(clipId)) return false;
  markCounted(clipId);
  return true;
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
  let progress = followListen(NO_LISTEN, clipId, fromSeconds, durationSeconds).progress;
  return {
    clipId,
    heard(seconds) {
      const next = followListen(progress, clipId, seconds, durationSeconds);
      progress = next.progress;
      return next.counts && claimPlay(clipId);
    },
  };
}

/** The factor to report a counted play with, or null when sampling leaves this one out. */
export function sampledFactor(playCount: number): number | null {
  const factor = playCountSampleFactor(playCount);
  return reportsSampledPlay(factor, Math.random()) ? factor : null;
}

// The playlist page's pure rules: its summary line and the mosaic's layout.

import { formatDuration } from "../../shared/library/clip-display.ts";

/** "1 song", "12 songs". */
export const songCount = (count: number): string => `${count} ${count === 1 ? "song" : "songs"}`;

/** "12 songs · 41:05": the song count and the total length of the songs the viewer may hear. */
export function playlistSummaryLine(count: number, totalSeconds: number): string {
  const songs = songCount(count);
  return count === 0 ? songs : `${songs} · ${formatDuration(totalSeconds)}`;
}

/** The mosaic: four covers in a 2 by 2 grid, else the first one alone, else an empty tile. */
export function mosaicCovers(urls: readonly string[]): string[] {
  if (urls.length >= 4) return urls.slice(0, 4);
  return urls.slice(0, 1);
}

/** The playlist's queue context, so autoplay plays on through it and its plays are counted. */
export const playlistContext = (playlistId: string) => ({ type: "playlist", id: playlistId }) as const;

/** The liked list's queue context: a library-like list, so continuous play follows the preference. */
export const likedQueueContext = { type: "liked", id: null } as const;

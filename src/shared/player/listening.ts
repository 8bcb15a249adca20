// When a listener's play of a song counts: once they heard a meaningful part of it (half the song,
// at most 30 seconds), counted in steps of ordinary playback so that a seek counts nothing. Popular
// songs are sampled: with the factor 1 + floor(play_count / 100) a page reports one play in
// `factor` and the server adds `factor`. Kept free of zod: the embed player reads it too.

/** The longest step between two position reports that is still playback rather than a seek. */
const PLAYBACK_STEP_MAX = 1;
const MEANINGFUL_MAX = 30;

/** Seconds a listener must hear for a play to count; 30 when the song's length is not known. */
export const meaningfulSeconds = (durationSeconds: number | null | undefined): number =>
  durationSeconds !== null && durationSeconds !== undefined && durationSeconds > 0
    ? Math.min(MEANINGFUL_MAX, durationSeconds / 2)
    : MEANINGFUL_MAX;

/** Heard time after the player moved from one position to another. */
export function heardAfter(heard: number, from: number, to: number): number {
  const step = to - from;
  return step > 0 && step <= PLAYBACK_STEP_MAX ? heard + step : heard;
}

/** A sampled song reports one play in `sampleFactor`: this one does when `random` (in [0, 1)) falls in it. */
export const reportsSampledPlay = (sampleFactor: number, random: number): boolean =>
  random * sampleFactor < 1;

/** The sampling factor for a song with this many plays. */
export const playCountSampleFactor = (playCount: number): number =>
  1 + Math.floor(Math.max(0, playCount) / 100);

/** How far one start of a song has been heard: `start` names the start (a song and its start count). */
export interface ListenProgress {
  readonly start: string | null;
  readonly heard: number;
  readonly last: number;
  readonly counted: boolean;
}

export const NO_LISTEN: ListenProgress = { start: null, heard: 0, last: 0, counted: false };

/**
 * The player's position moved: each start of a song (a replay and a restart by repeat too) counts
 * as one listen once a meaningful part of it was heard, and only once. `counts` says this position
 * completed the listen.
 */
export function followListen(
  progress: ListenProgress,
  start: string,
  seconds: number,
  durationSeconds: number | null | undefined,
): { readonly progress: ListenProgress; readonly counts: boolean } {
  if (progress.start !== start)
    return { progress: { start, heard: 0, last: seconds, counted: false }, counts: false };
  const heard = heardAfter(progress.heard, progress.last, seconds);
  const counts = !progress.counted && heard >= meaningfulSeconds(durationSeconds);
  return { progress: { start, heard, last: seconds, counted: progress.counted || counts }, counts };
}

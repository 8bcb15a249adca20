// Where an extend starts and an artist clip ends.

/** Extend starts round to this step. */
export const EXTEND_START_STEP_SECONDS = 0.04;
/**
 * The spec raises an extend start below "a minimum" to it without the number; a continue point must
 * be above 0, so the minimum is the first rounding step.
 */
export const EXTEND_START_MIN_SECONDS = EXTEND_START_STEP_SECONDS;

const roundTo = (value: number, step: number): number => Math.round(value / step) * step;
/** Rounding in steps leaves float noise (0.12000000000000001): keep a few decimals. */
const tidy = (value: number): number => Number(value.toFixed(6));

/** An extend start raised to the minimum, rounded to 0.04 s and kept within the clip. */
export function extendStartSeconds(requested: number, clipDurationSeconds: number | null): number {
  let start = Math.max(EXTEND_START_MIN_SECONDS, roundTo(requested, EXTEND_START_STEP_SECONDS));
  if (clipDurationSeconds !== null && start > clipDurationSeconds) {
    start = Math.floor(clipDurationSeconds / EXTEND_START_STEP_SECONDS) * EXTEND_START_STEP_SECONDS;
  }
  return tidy(Math.max(EXTEND_START_MIN_SECONDS, start));
}

/** The continue point a clip starts with: its duration minus 0.2 s, rounded to 0.2 s. */
export const defaultContinueAtSeconds = (clipDurationSeconds: number): number =>
  tidy(roundTo(clipDurationSeconds - 0.2, 0.2));

/** The artist clip's default end: min(duration, 60) with the auk model, else min(duration, 120). */
export const defaultArtistEndSeconds = (clipDurationSeconds: number, aukModel: boolean): number =>
  Math.min(clipDurationSeconds, aukModel ? 60 : 120);

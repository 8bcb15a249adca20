// How a song row names and times a clip: pure, so the create page, the library and every later list
// say the same thing.

import type { Clip } from "../api/clips.ts";
import { type ClipPollState, clipPollState } from "../create/clip-polling.ts";

/** Shown for a clip with no title while it is being made: the generator names it when it is done. */
export const GENERATING_TITLE = "Generating...";
/** Shown for a finished (or failed) clip with no title. */
export const UNTITLED = "Untitled";

/** The request's title when one was given; otherwise 'Generating...' while it is made, then 'Untitled'. */
export function displayTitle(clip: Pick<Clip, "title" | "status">): string {
  const title = clip.title.trim();
  if (title !== "") return clip.title;
  return clip.status === "complete" || clip.status === "error" ? UNTITLED : GENERATING_TITLE;
}

/** m:ss (h:mm:ss from an hour on); empty when the length is not known yet. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "";
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A listed clip's place in the polling rules. A list does not see a clip change status, so it counts
 * from the clip's creation: one made long ago and still submitted or queued is stuck (shown as
 * stopped, no longer polled).
 */
export const listedPollState = (clip: Pick<Clip, "status" | "created_at">, nowMs: number): ClipPollState =>
  clipPollState(clip.status, Date.parse(clip.created_at), nowMs);

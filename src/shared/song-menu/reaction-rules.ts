// A reaction changed on the page before the server answers: like, dislike or none, and the like
// count that follows (a like raises it; taking a like away, or a dislike of a liked song, lowers it).

import type { Clip, ReactionType } from "../api/clips.ts";

export function withReaction(
  clip: Pick<Clip, "reaction" | "upvote_count">,
  next: ReactionType | null,
): Pick<Clip, "reaction" | "upvote_count"> {
  const before = clip.reaction?.reaction_type ?? null;
  const delta = (next === "L" ? 1 : 0) - (before === "L" ? 1 : 0);
  return {
    reaction:
      next === null
        ? null
        : {
            reaction_type: next,
            feedback_reason: before === next ? (clip.reaction?.feedback_reason ?? null) : null,
          },
    upvote_count: Math.max(0, clip.upvote_count + delta),
  };
}

/** Pressing Like or Dislike: the same again clears it. */
export const toggledReaction = (current: ReactionType | null, pressed: ReactionType): ReactionType | null =>
  current === pressed ? null : pressed;

/** A reaction's reasons are one comma-separated string; each reason is in it once, in the order given. */
export function withFeedbackReason(reasons: string | null, reason: string): string {
  const list = (reasons ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return [...new Set([...list, reason])].join(",");
}

// Timed condition rules: extend from a point, add vocals or instrumental, clear it.

import { withTimed } from "../conditions.ts";
import { extendStartSeconds } from "../extend-points.ts";
import type { CreateFormState } from "../form-state.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";

/** A start that differs from the one asked for only by float noise was not moved. */
const moved = (startSeconds: number, requestedSeconds: number): boolean =>
  Math.abs(startSeconds - requestedSeconds) > 1e-6;

export interface ExtendPick {
  readonly clipId: string;
  readonly startSeconds: number;
  readonly isUpload: boolean;
  readonly clipDurationSeconds: number | null;
}

/**
 * Adding an extend (setting a continue clip) removes playlist and inspiration and turns simple mode
 * off; its start is raised to the minimum and rounded to 0.04 s ('"Extend from" updated' when moved).
 */
export function addExtend(state: CreateFormState, extend: ExtendPick, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  const startSeconds = extendStartSeconds(extend.startSeconds, extend.clipDurationSeconds);
  if (moved(startSeconds, extend.startSeconds)) change.notify("extend_from_updated");
  change.setTimed({ type: "extend", clipId: extend.clipId, startSeconds, isUpload: extend.isUpload });
  if (change.state.global.mode === "simple") change.setMode("custom");
  return change.finish(context);
}

/** Moving the extend point keeps the same rounding and minimum. */
export function moveExtendStart(
  state: CreateFormState,
  requestedSeconds: number,
  clipDurationSeconds: number | null,
  context: RuleContext,
): RuleResult {
  const timed = state.global.conditions.timed;
  if (timed?.type !== "extend") return { state, notices: [] };
  const change = new FormChange(state);
  const startSeconds = extendStartSeconds(requestedSeconds, clipDurationSeconds);
  if (moved(startSeconds, requestedSeconds)) change.notify("extend_from_updated");
  change.setTimed({ ...timed, startSeconds });
  return change.finish(context);
}

/** Adding instrumental (underpaint) or vocals (overpaint) removes playlist, inspiration and persona. */
export function addPainting(
  state: CreateFormState,
  painting: { readonly type: "underpaint" | "overpaint"; readonly clipId: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  change.removePersona(true);
  change.setTimed({ type: painting.type, clipId: painting.clipId });
  return change.finish(context);
}

/** The user removes the timed condition. */
export function clearTimedCondition(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.setConditions(withTimed(change.conditions, null));
  return change.finish(context);
}

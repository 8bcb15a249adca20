// Inspiration and sample clips: lists of distinct songs, each list clearing the timed condition.

import { distinctClipIds, INSPIRATION_CLIPS_MAX, SAMPLE_CLIPS_MAX, withUntimed } from "../conditions.ts";
import type { CreateFormState } from "../form-state.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";

/**
 * A list of clips of one kind: at most `max` distinct ones, replacing the timed condition; an empty
 * list clears the kind (and leaves the timed condition alone).
 */
function setClipList(
  state: CreateFormState,
  type: "inspiration" | "sample",
  clipIds: readonly string[],
  max: number,
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  const { clipIds: kept } = distinctClipIds(clipIds, max);
  if (kept.length === 0) {
    change.removeUntimed(type);
    return change.finish(context);
  }
  change.removeTimed();
  change.setConditions(withUntimed(change.conditions, type, { clipIds: kept }));
  return change.finish(context);
}

/** Inspiration clips (at most 4 distinct) replace the timed condition; none clears them. */
export const setInspirationClips = (
  state: CreateFormState,
  clipIds: readonly string[],
  context: RuleContext,
): RuleResult => setClipList(state, "inspiration", clipIds, INSPIRATION_CLIPS_MAX, context);

/** Sample clips (at most 10 distinct) also clear the timed condition; none clears them. */
export const setSampleClips = (
  state: CreateFormState,
  clipIds: readonly string[],
  context: RuleContext,
): RuleResult => setClipList(state, "sample", clipIds, SAMPLE_CLIPS_MAX, context);

// Mode and model rules: simple or custom, adjust speed, the model picked, mumble mode.

import type { CreateFormState } from "../form-state.ts";
import { canAdjustSpeed } from "../form-validity.ts";
import { modelAllowsMumbleMode } from "../model-rules.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";

/**
 * Turning simple mode on clears the continue clip; turning it off goes to custom (from simple, and
 * from adjust speed, which both tabs leave). Other modes (chat, the studio's) are left as they are.
 */
export function setSimpleMode(state: CreateFormState, simple: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  if (simple) {
    change.removeTimed(["extend"]);
    change.setMode("simple");
  } else if (change.state.global.mode === "simple" || change.state.global.mode === "adjust_speed") {
    change.setMode("custom");
  }
  return change.finish(context);
}

/** A song as adjust speed needs it. */
export interface SpeedSource {
  readonly id: string;
  readonly title: string;
  readonly metadata: Parameters<typeof canAdjustSpeed>[0]["metadata"];
}

/**
 * Adjust speed on a song: adjust-speed mode with that song, its title for the new one, and the
 * creation form's speed defaults kept as the user left them. Null when the song may not be sped up
 * (uploads and their extends, songs with vocals), leaving the form as it was.
 */
export function startAdjustSpeed(
  state: CreateFormState,
  clip: SpeedSource,
  context: RuleContext,
): RuleResult | null {
  if (!canAdjustSpeed(clip)) return null;
  const change = new FormChange(state);
  change.setMode("adjust_speed");
  change.patch("adjustSpeed", { clipId: clip.id, title: clip.title });
  return change.finish(context);
}

/** The user picks a model: the model rules may still switch it, cut texts and leave mumble mode. */
export function changeModel(state: CreateFormState, model: string, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.patch("global", { model });
  return change.finish(context);
}

/** Mumble mode only on models that allow it. */
export function setMumbleMode(state: CreateFormState, mumble: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.patch("other", { mumbleMode: mumble && modelAllowsMumbleMode(state.global.model) });
  return change.finish(context);
}

// Persona rules: picking and clearing a persona, and its voice (the vox persona).

import { type PersonaCondition, withUntimed } from "../conditions.ts";
import type { CreateFormState } from "../form-state.ts";
import { canUseBillingModel, modelKeyForTier } from "../model-rules.ts";
import { VOX_PERSONA_DEFAULTS } from "../vox-persona.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";

/** A persona as picked, with its clip's styles (copied into the form). */
export type PersonaPick = PersonaCondition;

/**
 * Adding a persona removes the inspiration playlist and any vocals or instrumental condition, copies
 * the persona clip's styles (exclude styles on only when it has some), and resets a cover or extend
 * unless the user may use the auk model (which the model rules then switch to). `modelOverride` is
 * the allow-v3-5-override choice (model-rules personaModelOverride).
 */
export function addPersona(
  state: CreateFormState,
  persona: PersonaPick,
  context: RuleContext,
  modelOverride: string | null = null,
): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeTimed(["underpaint", "overpaint"]);
  if (!canUseBillingModel(context.models, modelKeyForTier("V4.5"))) {
    change.removeCover(true);
    change.removeTimed(["extend"]);
  }
  change.setConditions(withUntimed(change.conditions, "persona", persona));
  change.patch("custom", { styles: persona.tags, excludeStyles: persona.negativeTags });
  change.patch("other", { excludeStylesEnabled: persona.negativeTags.trim() !== "" });
  if (modelOverride) change.setModel(modelOverride);
  return change.finish(context);
}

/** The user clears the persona: its styles go only if unchanged. */
export function clearPersona(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removePersona(false);
  return change.finish(context);
}

/**
 * The vox persona (the persona's voice, with the defaults gptCfg 2 and diffusionCfg 5): only
 * beside a persona. Turning it off with an inspiration playlist on the form drops the persona, as
 * a playlist keeps a persona only with the vox persona on ('Persona removed').
 */
export function setVoxPersona(state: CreateFormState, enabled: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  if (enabled && change.conditions.untimed.persona) {
    const before = change.conditions.untimed.voxPersona;
    change.setConditions(
      withUntimed(change.conditions, "voxPersona", { ...VOX_PERSONA_DEFAULTS, ...before, enabled: true }),
    );
  } else if (!enabled) {
    change.removeUntimed("voxPersona");
    if (change.conditions.untimed.playlist) change.removePersona(true);
  }
  return change.finish(context);
}

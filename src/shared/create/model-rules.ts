import type { Session } from "../api/accounts.ts";
import { type BillingModel, MODEL_TIERS, MODELS, type ModelTier, modelTierFromKey } from "../api/billing.ts";
import type { Conditions } from "./conditions.ts";
import { hasReference, type Reference } from "./references.ts";

// What a model may do, read from fragments of its key through the
// tier-from-key rule (so "chirp-v4-5-plus" and a "bluejay" key are the same model).

export { modelTierFromKey };

const rank = (tier: ModelTier): number => MODEL_TIERS.indexOf(tier);
const atLeast = (key: string, tier: ModelTier): boolean => rank(modelTierFromKey(key)) >= rank(tier);

/** The model key of each tier (billing's MODELS). */
export function modelKeyForTier(tier: ModelTier): string {
  const model = MODELS.find((candidate) => candidate.tier === tier);
  if (!model) throw new Error(`No model for tier ${tier}`);
  return model.external_key;
}

/** Clips' major_model_version values: v2 predates our tiers and reads as the oldest. */
const TIER_OF_MAJOR_VERSION: Record<string, ModelTier> = {
  v2: "V3",
  v3: "V3",
  "v3.5": "V3.5",
  v4: "V4",
  "v4.5": "V4.5",
  "v4.5+": "V4.5+",
  v5: "V5",
};
/** The spec: an unknown version defaults to V5. */
export const tierOfMajorVersion = (version: string | null | undefined): ModelTier =>
  TIER_OF_MAJOR_VERSION[(version ?? "").toLowerCase()] ?? "V5";

/** Extend needs v2 or later: every model we serve. */
export const modelSupportsExtend = (key: string): boolean => atLeast(key, "V3");
/** Persona and cover need v3-5 or later. */
export const modelSupportsPersonaOrCover = (key: string): boolean => atLeast(key, "V3.5");
/** A persona with an extend or a cover needs auk (V4.5) or newer. */
export const modelSupportsPersonaWithExtendOrCover = (key: string): boolean => atLeast(key, "V4.5");
/** Playlist, add instrumental (underpaint) and add vocals (overpaint) need bluejay (V4.5+) or newer. */
export const modelSupportsPlaylistAndPainting = (key: string): boolean => atLeast(key, "V4.5+");
/** Bluejay and crow allow mumble mode. */
export const modelAllowsMumbleMode = (key: string): boolean => atLeast(key, "V4.5+");
/**
 * The spec does not say which models take the control sliders; the bird-named models from bluejay,
 * like mumble mode.
 */
export const modelAllowsControlSliders = (key: string): boolean => atLeast(key, "V4.5+");
/** What a request's references need of a model it is too old for: the feature (as messages name it) and the tier. */
export interface ModelShortfall {
  readonly feature: string;
  readonly tier: ModelTier;
}

const BLUEJAY_FEATURES = [
  ["playlist", "Playlist inspiration"],
  ["underpaint", "Add instrumental"],
  ["overpaint", "Add vocals"],
] as const;

/** The first reference the model is too old for (the newest need first), or null when it takes them all. */
export function modelShortfall(key: string, references: readonly Reference[]): ModelShortfall | null {
  const has = (type: Reference["type"]) => hasReference(references, type);
  if (!modelSupportsPlaylistAndPainting(key)) {
    for (const [type, feature] of BLUEJAY_FEATURES) if (has(type)) return { feature, tier: "V4.5+" };
  }
  if (has("persona") && (has("extend") || has("cover")) && !modelSupportsPersonaWithExtendOrCover(key)) {
    return { feature: "A persona with extend or cover", tier: "V4.5" };
  }
  if (!modelSupportsPersonaOrCover(key)) {
    if (has("persona")) return { feature: "A persona", tier: "V3.5" };
    if (has("cover")) return { feature: "Cover", tier: "V3.5" };
  }
  return null;
}

/** The oldest tier that supports every condition set on the form. */
export function minimumTierFor(conditions: Conditions): ModelTier {
  const { untimed, timed } = conditions;
  const painting = timed?.type === "underpaint" || timed?.type === "overpaint";
  if (untimed.playlist || painting) return "V4.5+";
  const coverOrExtend = untimed.cover !== undefined || timed?.type === "extend";
  if (untimed.persona && coverOrExtend) return "V4.5";
  if (untimed.persona || untimed.cover) return "V3.5";
  return "V3";
}

/**
 * The model downgrade rule: a model too old for the conditions is switched to the oldest that
 * supports them (null when the model may stay).
 */
export function requiredModelUpgrade(key: string, conditions: Conditions): string | null {
  const needed = minimumTierFor(conditions);
  return atLeast(key, needed) ? null : modelKeyForTier(needed);
}

/** The newest model the user may use: the form's default ("the user's viewable default"). */
export function defaultModelKey(models: readonly BillingModel[]): string {
  const usable = models.filter((model) => model.can_use);
  const newest = usable.reduce<BillingModel | undefined>(
    (best, model) =>
      !best || rank(modelTierFromKey(model.external_key)) > rank(modelTierFromKey(best.external_key))
        ? model
        : best,
    undefined,
  );
  return newest?.external_key ?? modelKeyForTier("V3.5");
}

/** The generation flow's gate: an unusable model opens the upgrade upsell instead. */
export const canUseBillingModel = (models: readonly BillingModel[], key: string): boolean =>
  models.some((model) => model.external_key === key && model.can_use);

/**
 * Persona selection with allow-v3-5-override forces v3.5, or v4 when the user may use it; null
 * without the flag.
 */
export function personaModelOverride(session: Session, models: readonly BillingModel[]): string | null {
  if (session.flags["allow-v3-5-override"] !== true) return null;
  const v4 = modelKeyForTier("V4");
  return canUseBillingModel(models, v4) ? v4 : modelKeyForTier("V3.5");
}

import { MODEL_TIERS, type ModelDefinition, type ModelTier } from "../../shared/api/billing.ts";
import type { Reference } from "../../shared/create/references.ts";
import { hasReference } from "../../shared/create/references.ts";
import { badRequest } from "../http/errors.ts";

const atLeast = (model: ModelDefinition, tier: ModelTier) =>
  MODEL_TIERS.indexOf(model.tier) >= MODEL_TIERS.indexOf(tier);

/** 000 "Model rules": which references each model takes. A model too old for them is a 400. */
export function checkModelSupports(model: ModelDefinition, references: readonly Reference[]): void {
  const has = (type: Reference["type"]) => hasReference(references, type);
  const refuse = (what: string, tier: ModelTier) =>
    badRequest(`${what} needs the ${tier} model or newer (${model.external_key} is ${model.tier})`);
  for (const type of ["playlist", "underpaint", "overpaint"] as const) {
    if (has(type) && !atLeast(model, "V4.5+")) {
      throw refuse(
        type === "playlist"
          ? "Playlist inspiration"
          : type === "underpaint"
            ? "Add instrumental"
            : "Add vocals",
        "V4.5+",
      );
    }
  }
  if (has("persona") && (has("extend") || has("cover")) && !atLeast(model, "V4.5")) {
    throw refuse("A persona with extend or cover", "V4.5");
  }
  if (has("persona") && !atLeast(model, "V3.5")) throw refuse("A persona", "V3.5");
  if (has("cover") && !atLeast(model, "V3.5")) throw refuse("Cover", "V3.5");
}

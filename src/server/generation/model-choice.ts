import type { SongRequest } from "../../generator/song-request.ts";
import { MODELS, type ModelDefinition, type ModelTier } from "../../shared/api/billing.ts";
import { type ClientModel, clientModel } from "../../shared/api/model-names.ts";
import { canUseModel, type Entitled } from "../billing/entitlements.ts";
import { badRequest, forbidden } from "../http/errors.ts";

const VERSION_OF_TIER: Record<ModelTier, SongRequest["version"]> = {
  V3: 3,
  "V3.5": 3.5,
  V4: 4,
  "V4.5": 4.5,
  "V4.5+": 4.5,
  V5: 5,
};

/** The generator version a model key stands for: older models make plainer songs. */
export const generatorVersion = (model: ModelDefinition): SongRequest["version"] =>
  VERSION_OF_TIER[model.tier];

/**
 * The model a request asked for (`mv`), or without one the newest the user may use. A retired or
 * alternate upstream name is taken as the nearest of ours (and said so); an unknown key is a 400; a
 * model above the user's plan is a 403 saying which plan it needs.
 */
export function chooseModel(user: Entitled, key: string | null | undefined): ClientModel {
  const wanted = key?.trim();
  if (!wanted) {
    const usable = MODELS.filter((model) => canUseModel(user, model));
    return { model: usable[usable.length - 1] ?? MODELS[0], mappedFrom: null };
  }
  const chosen = clientModel(wanted);
  if (!chosen) {
    throw badRequest(`Unknown model ${wanted}: use one of ${MODELS.map((m) => m.external_key).join(", ")}`);
  }
  const { model } = chosen;
  if (!canUseModel(user, model)) {
    throw forbidden(
      `The ${model.tier} model (${model.external_key}) needs a ${model.minimum_plan === "pro" ? "Pro" : "Premier"} plan`,
    );
  }
  return chosen;
}

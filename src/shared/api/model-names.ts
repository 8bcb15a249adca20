import { MODELS, type ModelDefinition, modelByKey, modelTierFromKey } from "./billing.ts";

export interface ClientModel {
  readonly model: ModelDefinition;
  /** The name the client sent when it is not one of ours (a retired or alternate upstream name). */
  readonly mappedFrom: string | null;
}

/**
 * The model a client's `mv` names. Ours by their keys; the upstream's other model names (retired
 * ones such as "chirp-v3" or "chirp-v2-xxl-alpha", code names such as "chirp-auk" or
 * "chirp-bluejay", variants such as "chirp-v3-5-tau") go to the nearest of ours: the one of the
 * tier the name says, and V2 names to the oldest. Names that are no model's (not "chirp-...") are
 * unknown.
 */
export function clientModel(key: string): ClientModel | undefined {
  const own = modelByKey(key);
  if (own) return { model: own, mappedFrom: null };
  if (!/^chirp-[a-z0-9-]+$/i.test(key)) return undefined;
  const name = key.toLowerCase();
  const tier = /v2(\b|-)|v2$/.test(name) ? "V3" : modelTierFromKey(name);
  const nearest = MODELS.find((model) => model.tier === tier);
  return nearest ? { model: nearest, mappedFrom: key } : undefined;
}

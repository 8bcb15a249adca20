import type { Session } from "../../src/shared/api/accounts.ts";
import { type BillingModel, MODELS, type ModelTier, modelTierFromKey } from "../../src/shared/api/billing.ts";
import type { RuleContext } from "../../src/shared/create/condition-rules.ts";
import type { PersonaCondition } from "../../src/shared/create/conditions.ts";
import { type CreateFormState, defaultCreateFormState } from "../../src/shared/create/form-state.ts";

/** The billing models as the server lists them, usable up to a tier. */
export const billingModels = (usableUpTo: ModelTier): BillingModel[] => {
  const limit = MODELS.findIndex((model) => model.tier === usableUpTo);
  return MODELS.map((model, index) => ({
    external_key: model.external_key,
    name: model.tier,
    can_use: index <= limit,
    max_lengths: { ...model.max_lengths },
  }));
};

export const PRO_MODELS = billingModels("V5");
/** A free user: V3 and V3.5 only. */
export const FREE_MODELS = billingModels("V3.5");

export const proContext: RuleContext = {
  models: PRO_MODELS,
  defaultModel: "chirp-crow",
  voxPersonaAvailable: false,
};
export const freeContext: RuleContext = {
  models: FREE_MODELS,
  defaultModel: "chirp-v3-5",
  voxPersonaAvailable: false,
};

/** A Pro user's session, as the request assembly sees it. */
export const proSession: Session = {
  user: { id: "u1", handle: "pro" },
  userId: "u1",
  userEmail: "pro@tunesmith.local",
  username: "pro",
  displayName: null,
  userPlanKey: "pro",
  roles: { pro: true },
  isStaff: false,
  flags: {},
  audioUploadLimits: { min: 6, max: 480 },
};

export const freshState = (model = "chirp-crow"): CreateFormState => defaultCreateFormState(model);

export const persona: PersonaCondition = {
  personaId: "persona-1",
  clipId: "persona-root",
  startSeconds: null,
  endSeconds: null,
  personaName: "Velvet",
  personaImageUrl: null,
  tags: "dream pop, airy vocals",
  negativeTags: "metal",
};

export const tierOf = (state: CreateFormState): ModelTier => modelTierFromKey(state.global.model);

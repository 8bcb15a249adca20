import type { FeatureFlag, PlanKey } from "../../shared/api/accounts.ts";
import { type BillingModel, MODELS, type ModelDefinition, PLAN_RANK } from "../../shared/api/billing.ts";
import type { User } from "../db/schema.ts";

/** What the plan checks read of a user. */
export type Entitled = Pick<User, "plan_key" | "is_staff" | "flags">;

const planOf = (user: Entitled): PlanKey =>
  user.plan_key in PLAN_RANK ? (user.plan_key as PlanKey) : "free";
const hasFlag = (user: Entitled, flag: FeatureFlag) => user.flags.includes(flag);

/** Staff and the skip-paywall flag get what the paid plans get. */
export function isPaywallExempt(user: Entitled): boolean {
  return user.is_staff || hasFlag(user, "skip-paywall");
}

export function canUseModel(user: Entitled | null, model: ModelDefinition): boolean {
  if (user && isPaywallExempt(user)) return true;
  return PLAN_RANK[user ? planOf(user) : "free"] >= PLAN_RANK[model.minimum_plan];
}

export function hasUnlimitedDownloads(user: Entitled): boolean {
  return planOf(user) !== "free" || isPaywallExempt(user);
}

/** The models list as the create page reads it; signed out, as a free user sees it. */
export function billingModelsFor(user: Entitled | null): BillingModel[] {
  return MODELS.map((model) => ({
    external_key: model.external_key,
    name: model.tier,
    can_use: canUseModel(user, model),
    max_lengths: { ...model.max_lengths },
  }));
}

import type { PlanKey } from "../../shared/api/accounts.ts";
import { PLAN_RANK } from "../../shared/api/billing.ts";
import { type Entitled, isPaywallExempt } from "../billing/entitlements.ts";

/** The 429 text: clients look for these exact words in the body. */
export const TOO_MANY_RUNNING_JOBS = "Too many running jobs: wait for your other generations to finish";

export interface ConcurrencyLimits {
  /** Clips of one user rendering (submitted or streaming) at once; more wait as queued. */
  readonly renderingClips: number;
  /** Unfinished requests of one user; one more is refused with a 429. */
  readonly runningJobs: number;
}

// The sizes are ours (upstream names the limit, not its size): paid plans run more at once.
const LIMITS: Record<PlanKey, ConcurrencyLimits> = {
  free: { renderingClips: 2, runningJobs: 2 },
  pro: { renderingClips: 4, runningJobs: 5 },
  premier: { renderingClips: 6, runningJobs: 10 },
};

export function concurrencyLimitsFor(user: Entitled): ConcurrencyLimits {
  if (isPaywallExempt(user)) return LIMITS.premier;
  return user.plan_key in PLAN_RANK ? LIMITS[user.plan_key as PlanKey] : LIMITS.free;
}

// What each plan is called on the account page and what it unlocks. Basic is the free plan's name.

import type { PlanKey } from "../api/accounts.ts";

export const PLAN_NAMES: Record<PlanKey, string> = { free: "Basic", pro: "Pro", premier: "Premier" };

/** What the paid plans unlock, as the account page lists it; Basic has none of these. */
export const PAID_FEATURES = [
  "Editor: crop and replace section",
  "Stems",
  "WAV downloads",
  "Remaster",
  "Personas, public personas",
  "Add vocals or an instrumental",
  "Video regeneration",
  "Commercial use of your songs",
  "Unlimited downloads",
  "The newest models",
] as const;

/** Songs rendering at once per plan; Premier also gets the most credits a month. */
export const PLAN_SUMMARIES: Record<PlanKey, string> = {
  free: "Make songs with the older models; 10 downloads of other people's songs a month; 2 songs at once.",
  pro: "Everything paid plans unlock; 4 songs at once.",
  premier: "Everything paid plans unlock, with the most credits a month; 6 songs at once.",
};

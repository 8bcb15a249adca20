import { type Entitled, isPaywallExempt } from "../billing/entitlements.ts";

/** Pro and Premier, and those the paywall does not stop (staff, skip-paywall), get the paid features. */
export const hasPaidPlan = (user: Entitled): boolean =>
  isPaywallExempt(user) || user.plan_key === "pro" || user.plan_key === "premier";

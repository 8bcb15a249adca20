import type { UpgradeMethod } from "../../shared/api/account.ts";

/**
 * UPGRADE_METHOD chooses how a self-hosted server, with no payment processor, turns "I want Pro"
 * into a plan: "request" (the default) files a request staff approve in the console; "code" asks
 * for a code staff made (console or `npm run admin -- make-code`). Both end in `applyUpgrade`
 * (upgrades.ts), which is also what a payment provider's confirmation would call: adding one means
 * a third method here and a route that receives the provider's confirmation.
 */
export function readUpgradeMethod(
  env: NodeJS.ProcessEnv,
  problem: (message: string) => Error,
): UpgradeMethod {
  const value = env.UPGRADE_METHOD || "request";
  if (value !== "request" && value !== "code")
    throw problem(`UPGRADE_METHOD=${value} is not known: set it to request or code.`);
  return value;
}

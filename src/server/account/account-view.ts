import type { Kysely } from "kysely";
import type { AccountView, LedgerEntry, UpgradeMethod } from "../../shared/api/account.ts";
import { PLAN_KEYS, type PlanKey } from "../../shared/api/accounts.ts";
import type { Database, User } from "../db/schema.ts";
import { subscriptionOf } from "./subscription.ts";
import { pendingRequest } from "./upgrades.ts";

/** The ledger entries the account page lists, newest first. */
export const LEDGER_PAGE = 100;

export async function ledgerOf(db: Kysely<Database>, userId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom("credit_ledger")
    .select(["id", "kind", "delta", "balance_after", "reason", "clip_ids", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(LEDGER_PAGE)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: row.created_at.toISOString() }));
}

export async function accountView(
  db: Kysely<Database>,
  user: User,
  upgradeMethod: UpgradeMethod,
): Promise<AccountView> {
  return {
    email: user.email,
    handle: user.handle,
    plan_key: (PLAN_KEYS as readonly string[]).includes(user.plan_key) ? (user.plan_key as PlanKey) : "free",
    credits: user.credits,
    subscription: subscriptionOf(user),
    upgrade_method: upgradeMethod,
    pending_request: await pendingRequest(db, user.id),
    ledger: await ledgerOf(db, user.id),
    terms_version: user.terms_version,
  };
}

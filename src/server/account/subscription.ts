import type { Kysely } from "kysely";
import type { AccountView } from "../../shared/api/account.ts";
import { billingPeriod } from "../billing/period.ts";
import type { Database, User } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";

type Db = Kysely<Database>;

export const NOTHING_TO_CANCEL = "You have no paid plan to cancel";
export const NOTHING_TO_RESUME = "Your plan is not cancelled";

/** The subscription as the account page shows it. */
export function subscriptionOf(
  user: Pick<User, "plan_key" | "subscription_status" | "plan_ends_at">,
): AccountView["subscription"] {
  const endsAt = user.plan_ends_at ? user.plan_ends_at.toISOString() : null;
  if (user.plan_key === "free") return { status: "none", ends_at: null };
  if (user.subscription_status === "past_due") return { status: "past_due", ends_at: endsAt };
  if (user.plan_ends_at) return { status: "cancelled_at_period_end", ends_at: endsAt };
  return { status: "active", ends_at: null };
}

/** Cancels at the end of the billing period: the plan and what it unlocks stay until then. */
export async function cancelAtPeriodEnd(db: Db, userId: string): Promise<Date> {
  const end = billingPeriod().end;
  const row = await db
    .updateTable("users")
    .set({ plan_ends_at: end })
    .where("id", "=", userId)
    .where("plan_key", "!=", "free")
    .returning("id")
    .executeTakeFirst();
  if (!row) throw conflict(NOTHING_TO_CANCEL);
  return end;
}

export async function resumeSubscription(db: Db, userId: string): Promise<void> {
  const row = await db
    .updateTable("users")
    .set({ plan_ends_at: null })
    .where("id", "=", userId)
    .where("plan_ends_at", "is not", null)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw conflict(NOTHING_TO_RESUME);
}

/** Plans cancelled at a period end that has come become free; answers how many did. */
export async function lapseEndedPlans(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .updateTable("users")
    .set({ plan_key: "free", plan_ends_at: null, subscription_status: "active" })
    .where("plan_ends_at", "<=", now)
    .returning("id")
    .execute();
  return rows.length;
}

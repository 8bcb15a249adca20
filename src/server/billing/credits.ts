import { type Kysely, sql, type Transaction } from "kysely";
import { PAST_DUE_MESSAGE } from "../../shared/api/account.ts";
import { CREATE_CREDIT_COST, NOT_ENOUGH_CREDITS_DETAIL } from "../../shared/api/billing.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import type { BillingPeriod } from "./period.ts";

type Db = Kysely<Database>;

/** A recorded change: its ledger entry (null when nothing changed) and the balance after it. */
export interface CreditChange {
  readonly entryId: number | null;
  readonly balance: number;
  /** Credits moved: taken for a reservation, given back for a refund, added or removed by a grant. */
  readonly amount: number;
}

/** Runs in the caller's transaction when there is one, so a generation can reserve with its inserts. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

function requireAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`Credit amounts are whole and positive, not ${amount}`);
}

export const notEnoughCredits = (amount: number) =>
  new HttpError(
    402,
    amount === CREATE_CREDIT_COST ? NOT_ENOUGH_CREDITS_DETAIL : `Need at least ${amount} credits to create.`,
  );

async function record(
  trx: Transaction<Database>,
  entry: {
    userId: string;
    kind: "reserve" | "refund" | "grant";
    delta: number;
    balance: number;
    reason: string;
    clipIds: readonly string[];
    refundOf?: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto("credit_ledger")
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      delta: entry.delta,
      balance_after: entry.balance,
      reason: entry.reason,
      clip_ids: [...entry.clipIds],
      refund_of: entry.refundOf ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes `amount` credits for a generation, or refuses with a 402 (not enough credits, or the
 * subscription is past due). The check and the
 * deduction are one conditional UPDATE, so concurrent requests cannot overdraw: PostgreSQL re-checks
 * `credits >= amount` against the row a concurrent writer just committed.
 */
export function reserveCredits(
  db: Db,
  userId: string,
  amount: number,
  reason: string,
  clipIds: readonly string[] = [],
): Promise<CreditChange> {
  requireAmount(amount);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("users")
      .set((eb) => ({ credits: eb("credits", "-", amount) }))
      .where("id", "=", userId)
      .where("credits", ">=", amount)
      .where("subscription_status", "!=", "past_due")
      .returning("credits")
      .executeTakeFirst();
    if (!row) {
      // Past due refuses whatever the balance: the payment has to be sorted out first.
      const user = await trx
        .selectFrom("users")
        .select("subscription_status")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (user?.subscription_status === "past_due") throw new HttpError(402, PAST_DUE_MESSAGE);
      throw notEnoughCredits(amount);
    }
    const entryId = await record(trx, {
      userId,
      kind: "reserve",
      delta: -amount,
      balance: row.credits,
      reason,
      clipIds,
    });
    return { entryId, balance: row.credits, amount };
  });
}

/**
 * Gives credits back after a failed generation. With `refundOf` (the reservation's entry id) the
 * refund is capped at what that reservation took less what was already refunded, so a retried or
 * duplicated settlement never pays out twice; the reservation row is locked while that is decided.
 */
export function refundCredits(
  db: Db,
  userId: string,
  amount: number,
  reason: string,
  clipIds: readonly string[] = [],
  options: { readonly refundOf?: number } = {},
): Promise<CreditChange> {
  requireAmount(amount);
  return inTransaction(db, async (trx) => {
    let refund = amount;
    if (options.refundOf !== undefined) {
      const reservation = await trx
        .selectFrom("credit_ledger")
        .select(["user_id", "kind", "delta"])
        .where("id", "=", options.refundOf)
        .forUpdate()
        .executeTakeFirst();
      if (reservation?.kind !== "reserve" || reservation.user_id !== userId) {
        throw new Error(`Ledger entry ${options.refundOf} is not a reservation of user ${userId}`);
      }
      const refunded = await trx
        .selectFrom("credit_ledger")
        .select(sql<number>`coalesce(sum(delta), 0)::int`.as("total"))
        .where("refund_of", "=", options.refundOf)
        .executeTakeFirstOrThrow();
      refund = Math.min(amount, -reservation.delta - refunded.total);
    }
    if (refund <= 0) {
      const user = await trx
        .selectFrom("users")
        .select("credits")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) throw notFound("No such user");
      return { entryId: null, balance: user.credits, amount: 0 };
    }
    const row = await trx
      .updateTable("users")
      .set((eb) => ({ credits: eb("credits", "+", refund) }))
      .where("id", "=", userId)
      .returning("credits")
      .executeTakeFirst();
    if (!row) throw notFound("No such user");
    const entryId = await record(trx, {
      userId,
      kind: "refund",
      delta: refund,
      balance: row.credits,
      reason,
      clipIds,
      refundOf: options.refundOf,
    });
    return { entryId, balance: row.credits, amount: refund };
  });
}

/** Adds (or, negative, removes) credits outside generations: the admin command's grants. */
export function grantCredits(db: Db, userId: string, delta: number, reason: string): Promise<CreditChange> {
  if (!Number.isInteger(delta) || delta === 0)
    throw badRequest(`A grant is a whole number of credits, not ${delta}`);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("users")
      .set((eb) => ({ credits: eb("credits", "+", delta) }))
      .where("id", "=", userId)
      .where(sql<boolean>`credits + ${delta} >= 0`)
      .returning("credits")
      .executeTakeFirst();
    if (!row) {
      const user = await trx
        .selectFrom("users")
        .select("credits")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) throw notFound("No such user");
      throw badRequest(`Cannot remove ${-delta} credits: the balance is ${user.credits}`);
    }
    const entryId = await record(trx, {
      userId,
      kind: "grant",
      delta,
      balance: row.credits,
      reason,
      clipIds: [],
    });
    return { entryId, balance: row.credits, amount: delta };
  });
}

/** Credits spent on generations in the period, net of refunds given in it. */
export async function creditsUsedIn(db: Db, userId: string, period: BillingPeriod): Promise<number> {
  const row = await db
    .selectFrom("credit_ledger")
    .select(sql<number>`coalesce(-sum(delta), 0)::int`.as("used"))
    .where("user_id", "=", userId)
    .where("kind", "in", ["reserve", "refund"])
    .where("created_at", ">=", period.start)
    .where("created_at", "<", period.end)
    .executeTakeFirstOrThrow();
  return Math.max(0, row.used);
}

import { randomBytes } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import {
  CODE_EXPIRED,
  CODE_NOT_VALID,
  CODE_USED,
  type PaidPlan,
  type UpgradeRequest,
  type UpgradeRequestBody,
} from "../../shared/api/account.ts";
import type { PlanKey } from "../../shared/api/accounts.ts";
import { PLAN_RANK } from "../../shared/api/billing.ts";
import { grantCredits } from "../billing/credits.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, conflict, HttpError, notFound } from "../http/errors.ts";

type Db = Kysely<Database>;

export interface Upgrade {
  readonly plan: PaidPlan | null;
  readonly credits: number;
}

/**
 * Gives a user a paid plan and/or credits, in the caller's transaction: a plan is raised, never
 * lowered (a Pro code redeemed on Premier keeps Premier), and any cancellation or past-due state
 * ends, as a fresh payment would end it.
 */
export async function applyUpgrade(
  trx: Transaction<Database>,
  userId: string,
  upgrade: Upgrade,
  reason: string,
): Promise<void> {
  if (upgrade.plan) {
    const user = await trx
      .selectFrom("users")
      .select("plan_key")
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound("No such user");
    const current = (user.plan_key in PLAN_RANK ? user.plan_key : "free") as PlanKey;
    const plan = PLAN_RANK[upgrade.plan] > PLAN_RANK[current] ? upgrade.plan : current;
    await trx
      .updateTable("users")
      .set({ plan_key: plan, plan_ends_at: null, subscription_status: "active" })
      .where("id", "=", userId)
      .execute();
  }
  if (upgrade.credits > 0) await grantCredits(trx, userId, upgrade.credits, reason);
}

const requestView = (row: {
  id: string;
  plan_key: PaidPlan | null;
  credits: number;
  status: UpgradeRequest["status"];
  created_at: Date;
}): UpgradeRequest => ({
  id: row.id,
  plan_key: row.plan_key,
  credits: row.credits,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

export async function pendingRequest(db: Db, userId: string): Promise<UpgradeRequest | null> {
  const row = await db
    .selectFrom("upgrade_requests")
    .select(["id", "plan_key", "credits", "status", "created_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row ? requestView(row) : null;
}

export const REQUEST_WAITING = "You already have a request waiting for staff";

/** Files a request for staff; one may wait at a time. */
export async function fileUpgradeRequest(db: Db, userId: string, body: UpgradeRequestBody) {
  try {
    const row = await db
      .insertInto("upgrade_requests")
      .values({ user_id: userId, plan_key: body.plan_key ?? null, credits: body.credits ?? 0 })
      .returning(["id", "plan_key", "credits", "status", "created_at"])
      .executeTakeFirstOrThrow();
    return requestView(row);
  } catch (error) {
    if (String((error as { code?: string }).code) === "23505") throw conflict(REQUEST_WAITING);
    throw error;
  }
}

export async function cancelUpgradeRequest(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("upgrade_requests")
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .execute();
}

/** Staff decide a waiting request: approving applies it; a decided one cannot be decided again. */
export function decideUpgradeRequest(db: Db, requestId: string, approve: boolean) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("upgrade_requests")
      .set({ status: approve ? "approved" : "denied", decided_at: new Date() })
      .where("id", "=", requestId)
      .where("status", "=", "pending")
      .returning(["id", "user_id", "plan_key", "credits"])
      .executeTakeFirst();
    if (!row) throw notFound("No waiting request with that id");
    if (approve) {
      await applyUpgrade(
        trx,
        row.user_id,
        { plan: row.plan_key, credits: row.credits },
        "upgrade request approved",
      );
    }
    return row;
  });
}

/** Codes are 12 letters and digits in groups of four, without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

export async function makeCodes(db: Db, upgrade: Upgrade, count: number, validDays: number) {
  if (!upgrade.plan && upgrade.credits <= 0) throw badRequest("A code gives a plan, credits or both");
  const expires = new Date(Date.now() + validDays * 24 * 3600 * 1000);
  const rows = Array.from({ length: count }, () => ({
    code: newCode(),
    plan_key: upgrade.plan,
    credits: upgrade.credits,
    expires_at: expires,
  }));
  await db.insertInto("upgrade_codes").values(rows).execute();
  return rows.map((row) => ({ ...row, expires_at: row.expires_at.toISOString() }));
}

/**
 * Redeems a code once: the code row is locked, checked (unknown, used, expired) and marked in the
 * transaction that applies it, so two people racing for one code cannot both have it.
 */
export function redeemCode(db: Db, userId: string, code: string): Promise<Upgrade> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("upgrade_codes")
      .selectAll()
      .where("code", "=", code)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw badRequest(CODE_NOT_VALID);
    if (row.redeemed_at) throw conflict(CODE_USED);
    if (row.expires_at.getTime() <= Date.now()) throw new HttpError(410, CODE_EXPIRED);
    await trx
      .updateTable("upgrade_codes")
      .set({ redeemed_by: userId, redeemed_at: sql`now()` })
      .where("code", "=", code)
      .execute();
    const upgrade = { plan: row.plan_key, credits: row.credits };
    await applyUpgrade(trx, userId, upgrade, `code ${code}`);
    return upgrade;
  });
}

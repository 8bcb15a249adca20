import { type Kysely, sql } from "kysely";
import {
  LOGIN_FAILURES_FORGOTTEN_S,
  loginDelaySeconds,
  tooManyLoginFailures,
} from "../../shared/api/login-delay.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";

/** A sign-in refused before the password is checked: the account waits; Retry-After says how long. */
export class LoginThrottled extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, tooManyLoginFailures(retryAfterSeconds), { "retry-after": String(retryAfterSeconds) });
  }
}

const key = (email: string) => email.trim().toLowerCase();

/**
 * Refuses a sign-in to an account whose delay after its recent failures has not passed. Kept in the
 * database, with its clock, so every instance sees the same count; per account, whatever address
 * the tries come from (the per-address limit is the rate limiter's).
 */
export async function checkLoginDelay(db: Kysely<Database>, email: string): Promise<void> {
  const row = await db
    .selectFrom("login_failures")
    .select(["failures", sql<number>`extract(epoch from now() - last_failed_at)::float8`.as("since")])
    .where("email", "=", key(email))
    .executeTakeFirst();
  if (!row || row.since > LOGIN_FAILURES_FORGOTTEN_S) return;
  const wait = loginDelaySeconds(row.failures) - row.since;
  if (wait > 0) throw new LoginThrottled(Math.ceil(wait));
}

/** Counts a failed sign-in; failures long forgotten start the count again. */
export async function recordLoginFailure(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .insertInto("login_failures")
    .values({ email: key(email), failures: 1 })
    .onConflict((conflict) =>
      conflict.column("email").doUpdateSet({
        failures: sql`case when login_failures.last_failed_at < now() - make_interval(secs => ${LOGIN_FAILURES_FORGOTTEN_S}) then 1 else login_failures.failures + 1 end`,
        last_failed_at: sql`now()`,
      }),
    )
    .execute();
}

/** A success forgets the account's failures. */
export async function clearLoginFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("login_failures").where("email", "=", key(email)).execute();
}

import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../src/server/db/schema.ts";
import type { AuthResponse } from "../src/shared/api/accounts.ts";
import type { BillingInfo } from "../src/shared/api/billing.ts";
import type { GenerateResponse } from "../src/shared/api/generate.ts";
import { type ApiClient, newAccountBody } from "./api-server.ts";
import { waitFor } from "./wait.ts";

/**
 * A generation was charged exactly once however often its songs were started: one reservation of
 * 10 credits and no refund for the user; and no job of it is left on the queue to run again.
 */
export async function expectChargedOnceAndDone(db: Kysely<Database>, userId: string): Promise<void> {
  const ledger = await db
    .selectFrom("credit_ledger")
    .select(["kind", "delta"])
    .where("user_id", "=", userId)
    .where("kind", "in", ["reserve", "refund"])
    .execute();
  expect(ledger).toEqual([{ kind: "reserve", delta: -10 }]);
  await waitFor(
    async () => ((await db.selectFrom("job_queue").select("id").execute()).length === 0 ? true : undefined),
    "the queue to empty",
  );
}

/**
 * Signs a new account up through `client` and asks for a song (two clips): the account, its user id,
 * its credits before, and the clips' ids.
 */
export async function signUpAndGenerate(client: ApiClient, song: { tags: string; prompt: string }) {
  const account = newAccountBody();
  const signup = await client.post<AuthResponse>("/api/auth/signup", account);
  expect(signup.status).toBe(201);
  const before = (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
  const generated = await client.post<GenerateResponse>("/api/generate/v2/", song);
  expect(generated.status).toBe(200);
  return {
    account,
    userId: signup.body.session.userId as string,
    before,
    clipIds: generated.body.clips.map((clip) => clip.id),
  };
}

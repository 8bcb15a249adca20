import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../src/server/db/schema.ts";
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

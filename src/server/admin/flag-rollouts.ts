import type { Kysely } from "kysely";
import { FEATURE_FLAGS, type FeatureFlag } from "../../shared/api/accounts.ts";
import type { FlagRollout } from "../../shared/api/admin.ts";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;

/** Every known flag with its share (0 when never rolled out). */
export async function listRollouts(db: Db): Promise<FlagRollout[]> {
  const rows = await db.selectFrom("flag_rollouts").select(["flag", "percent"]).execute();
  const percent = new Map(rows.map((row) => [row.flag, row.percent]));
  return FEATURE_FLAGS.map((flag) => ({ flag, percent: percent.get(flag) ?? 0 }));
}

export async function setRollout(db: Db, flag: FeatureFlag, percent: number): Promise<void> {
  await db
    .insertInto("flag_rollouts")
    .values({ flag, percent })
    .onConflict((conflict) => conflict.column("flag").doUpdateSet({ percent, updated_at: new Date() }))
    .execute();
}

import { type Kysely, sql } from "kysely";
import { type PlaybarState, playbarStateSchema } from "../../shared/api/playbar-state.ts";
import type { Database } from "../db/schema.ts";

/**
 * The caller's saved player, or null. A stored state that no longer parses (saved by another
 * version of the app) counts as none: the player starts empty rather than from a broken state.
 */
export async function readPlaybarState(db: Kysely<Database>, userId: string): Promise<PlaybarState | null> {
  const row = await db
    .selectFrom("playbar_states")
    .select("state")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const parsed = playbarStateSchema.safeParse(row.state);
  return parsed.success ? parsed.data : null;
}

/**
 * Keeps `state` unless the one kept has a later action_time: the latest action wins, whichever tab
 * or device saves last. Answers the state kept.
 */
export async function savePlaybarState(
  db: Kysely<Database>,
  userId: string,
  state: PlaybarState,
): Promise<PlaybarState | null> {
  await db
    .insertInto("playbar_states")
    .values({ user_id: userId, state: sql`${JSON.stringify(state)}::jsonb`, action_time: state.action_time })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet((eb) => ({
          state: eb.ref("excluded.state"),
          action_time: eb.ref("excluded.action_time"),
          updated_at: sql`now()`,
        }))
        .where(({ eb, ref }) => eb("playbar_states.action_time", "<=", ref("excluded.action_time"))),
    )
    .execute();
  return readPlaybarState(db, userId);
}

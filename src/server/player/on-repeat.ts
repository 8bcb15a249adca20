import { type Kysely, sql } from "kysely";
import {
  ON_REPEAT_DAYS,
  ON_REPEAT_MIN_PLAYS,
  ON_REPEAT_SIZE,
  type OnRepeatResponse,
} from "../../shared/api/on-repeat.ts";
import { findVisibleClip, selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { wantedBy } from "../discovery/discoverable.ts";

/** The first day the list counts, on the database's clock (the same clock that dates the plays). */
const windowStart = sql<Date>`current_date - ${sql.lit(ON_REPEAT_DAYS - 1)}`;

/**
 * Adds one play of a song the listener may hear to today's count, and answers their plays of it in
 * the list's window. A song they may not hear is the same 404 as reading it.
 */
export async function recordListen(
  db: Kysely<Database>,
  userId: string,
  clipId: string,
): Promise<{ plays: number }> {
  await findVisibleClip(db, userId, clipId);
  await db
    .insertInto("listener_plays")
    .values({ user_id: userId, clip_id: clipId, day: sql`current_date` })
    .onConflict((oc) =>
      oc.columns(["user_id", "day", "clip_id"]).doUpdateSet({
        plays: sql`listener_plays.plays + 1`,
        last_played_at: sql`now()`,
      }),
    )
    .execute();
  const row = await db
    .selectFrom("listener_plays")
    .select(sql<string>`sum(plays)`.as("plays"))
    .where("user_id", "=", userId)
    .where("clip_id", "=", clipId)
    .where("day", ">=", windowStart)
    .executeTakeFirst();
  return { plays: Number(row?.plays ?? 1) };
}

/**
 * The listener's on-repeat list: songs heard at least ON_REPEAT_MIN_PLAYS times in the last
 * ON_REPEAT_DAYS days, most plays first, then the latest heard; their own songs count too, but no
 * song they may no longer hear (made private or trashed by its owner) nor one marked Not Interested.
 */
export async function onRepeatList(db: Kysely<Database>, userId: string): Promise<OnRepeatResponse> {
  const rows = await selectClips(db, userId)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("listener_plays")
          .select([
            "clip_id",
            sql<string>`sum(plays)`.as("plays"),
            sql<Date>`max(last_played_at)`.as("last_played_at"),
          ])
          .where("user_id", "=", userId)
          .where("day", ">=", windowStart)
          .groupBy("clip_id")
          .having(sql`sum(plays)`, ">=", ON_REPEAT_MIN_PLAYS)
          .as("heard"),
      (join) => join.onRef("heard.clip_id", "=", "clips.id"),
    )
    .select(["heard.plays", "heard.last_played_at"])
    .where(visibleTo(userId))
    .where(wantedBy(userId))
    .where("clips.status", "<>", "error")
    .orderBy("heard.plays", "desc")
    .orderBy("heard.last_played_at", "desc")
    .orderBy("clips.id")
    .limit(ON_REPEAT_SIZE)
    .execute();
  return {
    id: "on-repeat",
    name: "On Repeat",
    is_owned: false,
    num_total_results: rows.length,
    playlist_clips: rows.map((row, at) => ({
      clip: clipView(row, userId),
      relative_index: at,
      plays: Number(row.plays),
    })),
  };
}

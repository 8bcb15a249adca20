// What a listener says about someone's song: a report (Report modal) and Not Interested. Both need
// a song the listener may see; neither changes the song itself.

import type { Kysely } from "kysely";
import type { FlagReason } from "../../shared/api/clip-settings.ts";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { findVisibleClip } from "./clip-repository.ts";

/** POST /api/gen/{clip_id}/update_flag_state/: a report (one per listener and song), or taking it back. */
export async function setFlagState(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  flag: { readonly flagged: boolean; readonly reason?: FlagReason; readonly details?: string },
): Promise<{ flagged: boolean }> {
  await findVisibleClip(db, viewerId, clipId);
  if (!flag.flagged) {
    await db.deleteFrom("clip_flags").where("user_id", "=", viewerId).where("clip_id", "=", clipId).execute();
    return { flagged: false };
  }
  if (flag.reason === undefined) throw badRequest("Give a flagged_reason to report a song");
  const details = flag.details?.trim() ?? "";
  await db
    .insertInto("clip_flags")
    .values({ user_id: viewerId, clip_id: clipId, reason: flag.reason, details })
    .onConflict((oc) => oc.columns(["user_id", "clip_id"]).doUpdateSet({ reason: flag.reason, details }))
    .execute();
  return { flagged: true };
}

/** POST (mark) or DELETE (unmark) /api/recommend/feedback/song/{clip_id}. */
export async function setNotInterested(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  notInterested: boolean,
): Promise<{ not_interested: boolean }> {
  await findVisibleClip(db, viewerId, clipId);
  if (notInterested) {
    await db
      .insertInto("clip_not_interested")
      .values({ user_id: viewerId, clip_id: clipId })
      .onConflict((oc) => oc.columns(["user_id", "clip_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("clip_not_interested")
      .where("user_id", "=", viewerId)
      .where("clip_id", "=", clipId)
      .execute();
  }
  return { not_interested: notInterested };
}

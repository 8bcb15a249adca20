// Songs pinned to their owner's profile: newest pin first, at most the owner's limit (5; more with
// artist-profiles). A pin at the limit lets the oldest go; a pinned song is public (the page asks
// before pinning a private one).

import { type Kysely, sql } from "kysely";
import type { PinClipResponse } from "../../shared/api/clip-settings.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { pinLimit } from "../../shared/song-menu/pin-rules.ts";
import type { Database } from "../db/schema.ts";
import { conflict, notFound } from "../http/errors.ts";
import { findVisibleClip, selectClips, visibleTo } from "./clip-repository.ts";
import { findOwnSong } from "./clip-settings.ts";
import { clipView } from "./clip-view.ts";

export const PIN_NOT_COMPLETE = "Only complete songs can be pinned";
export const PIN_TRASHED = "Restore the song from the trash before pinning it";

const flagsOf = (flags: readonly string[]) => Object.fromEntries(flags.map((flag) => [flag, true]));

/** POST /api/profiles/pin-clip/{clip_id}: pins the owner's song, or unpins a pinned one. */
export async function togglePin(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
): Promise<PinClipResponse> {
  return db.transaction().execute(async (tx) => {
    // The owner's row orders their pins: two at once never pass the limit together.
    const owner = await tx
      .selectFrom("users")
      .select("flags")
      .where("id", "=", viewerId)
      .forUpdate()
      .executeTakeFirst();
    if (!owner) throw notFound("Account not found");
    const clip = await findOwnSong(tx, viewerId, clipId);
    let unpinned: string | null = null;
    if (clip.is_pinned) {
      await tx
        .updateTable("clips")
        .set({ is_pinned: false, pinned_at: null })
        .where("id", "=", clipId)
        .execute();
    } else {
      if (clip.status !== "complete") throw conflict(PIN_NOT_COMPLETE);
      if (clip.is_trashed) throw conflict(PIN_TRASHED);
      const pinned = await tx
        .selectFrom("clips")
        .select("id")
        .where("user_id", "=", viewerId)
        .where("is_pinned", "=", true)
        .where("is_trashed", "=", false)
        .orderBy("pinned_at", "asc")
        .execute();
      const limit = pinLimit(flagsOf(owner.flags));
      const over = pinned.slice(0, Math.max(0, pinned.length - limit + 1)).map((row) => row.id);
      if (over.length > 0) {
        await tx
          .updateTable("clips")
          .set({ is_pinned: false, pinned_at: null })
          .where("id", "in", over)
          .execute();
        unpinned = over[0] ?? null;
      }
      await tx
        .updateTable("clips")
        .set({ is_pinned: true, pinned_at: sql`now()`, is_public: true })
        .where("id", "=", clipId)
        .execute();
    }
    const clipNow = clipView(await findVisibleClip(tx, viewerId, clipId), viewerId);
    return { is_pinned: clipNow.is_pinned, unpinned_clip_id: unpinned, clip: clipNow };
  });
}

/**
 * GET /api/profiles/pinned-clips: the viewer's pins, or (with a handle) another profile's that the
 * viewer may see; newest first, without songs in error or in the trash.
 */
export async function pinnedClips(
  db: Kysely<Database>,
  viewerId: string | null,
  handle: string | undefined,
): Promise<{ clips: Clip[]; max_pins: number }> {
  const owner = await db
    .selectFrom("users")
    .select(["id", "flags"])
    .$call((query) =>
      handle === undefined ? query.where("id", "=", viewerId ?? "") : query.where("handle", "=", handle),
    )
    .executeTakeFirst();
  if (!owner) throw notFound("Profile not found");
  const rows = await selectClips(db, viewerId)
    .where("clips.user_id", "=", owner.id)
    .where("clips.is_pinned", "=", true)
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "!=", "error")
    .where(visibleTo(viewerId))
    .orderBy("clips.pinned_at", "desc")
    .execute();
  return { clips: rows.map((row) => clipView(row, viewerId)), max_pins: pinLimit(flagsOf(owner.flags)) };
}

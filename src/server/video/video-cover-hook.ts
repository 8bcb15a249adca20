import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * A song's video cover in the hooks feed: one hook of kind video_cover per song, carrying the
 * cover's file, so it is paged, liked and commented like a posted hook. It follows the cover: set
 * or replaced, the hook shows the new file (keeping its likes and comments); removed, the hook
 * goes. The cover was probed as a video when it was uploaded, so it is posted as it is. Whether
 * the feed lists it is the owner's choice, kept on the song (opt_out_video_cover_hook), so hiding
 * and showing it again loses nothing.
 */
export async function syncVideoCoverHook(db: Kysely<Database>, clipId: string): Promise<void> {
  const clip = await db
    .selectFrom("clips")
    .select(["id", "user_id", "title", "video_cover_key"])
    .where("id", "=", clipId)
    .executeTakeFirst();
  if (!clip) return;
  if (clip.video_cover_key === null) {
    await db.deleteFrom("hooks").where("clip_id", "=", clipId).where("kind", "=", "video_cover").execute();
    return;
  }
  const cover = await db
    .selectFrom("video_uploads")
    .select("duration_s")
    .where("original_key", "=", clip.video_cover_key)
    .executeTakeFirst();
  const durationS = cover?.duration_s ?? null;
  await db
    .insertInto("hooks")
    .values({
      id: crypto.randomUUID(),
      kind: "video_cover",
      user_id: clip.user_id,
      clip_id: clip.id,
      status: "rendered_passed_moderation",
      song_start_s: 0,
      song_end_s: durationS ?? 0,
      song_volume: 100,
      video_start_s: 0,
      video_end_s: durationS ?? 0,
      video_volume: 0,
      video_key: clip.video_cover_key,
      duration_s: durationS,
    })
    .onConflict((conflict) =>
      conflict
        .column("clip_id")
        .where("kind", "=", "video_cover")
        .doUpdateSet({ video_key: clip.video_cover_key, duration_s: durationS, updated_at: new Date() }),
    )
    .execute();
}

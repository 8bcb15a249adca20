import { type Kysely, sql } from "kysely";
import {
  LIKED_PLAYLIST_ID,
  type LikedPlaylistQuery,
  type LikedPlaylistResponse,
} from "../../shared/api/liked-playlist.ts";
import { selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { notParted } from "../discovery/discoverable.ts";

/**
 * The songs the viewer liked, newest like first: only those they may still hear (their own, or
 * public and untrashed; a trashed own song neither), none in error and none of someone they parted
 * with. The whole list is counted and timed; the window given is returned.
 */
export async function likedPlaylist(
  db: Kysely<Database>,
  userId: string,
  window: LikedPlaylistQuery,
): Promise<LikedPlaylistResponse> {
  const liked = selectClips(db, userId)
    .where("vr.reaction_type", "=", "L")
    .where(visibleTo(userId))
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "<>", "error")
    .where(notParted(userId));
  const [rows, whole] = await Promise.all([
    liked
      .orderBy("vr.created_at", "desc")
      .orderBy("clips.id")
      .limit(window.page_size)
      .offset(window.from_index)
      .execute(),
    liked
      .clearSelect()
      .select([
        (eb) => eb.fn.countAll<string>().as("count"),
        sql<string>`coalesce(sum((clips.metadata->>'duration')::float8), 0)`.as("seconds"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: LIKED_PLAYLIST_ID,
    name: "Liked Songs",
    is_owned: false,
    num_total_results: Number(whole.count),
    total_duration: Number(whole.seconds),
    from_index: window.from_index,
    playlist_clips: rows.map((row, at) => ({
      clip: clipView(row, userId),
      relative_index: window.from_index + at,
    })),
  };
}

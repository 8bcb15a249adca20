// The liked list: the songs the viewer liked, newest like first, one of the special playlists
// nobody owns. GET /api/playlist/liked_playlist reads it a window at a time.

import { z } from "zod";
import { clipSchema } from "./clips.ts";

export const LIKED_PLAYLIST_ID = "liked";
/** Liked-list windows hold 50 songs (and no more are given at once). */
export const LIKED_PAGE_SIZE = 50;

/** GET /api/playlist/liked_playlist?from_index=&page_size=: from_index counts songs from the first. */
export const likedPlaylistQuerySchema = z.object({
  from_index: z.coerce
    .number("from_index is a number")
    .int("from_index is a whole number")
    .min(0, "from_index is 0 or more")
    .default(0),
  page_size: z.coerce
    .number("page_size is a number")
    .int("page_size is a whole number")
    .min(1, "page_size is at least 1")
    .max(LIKED_PAGE_SIZE, `page_size is at most ${LIKED_PAGE_SIZE}`)
    .default(LIKED_PAGE_SIZE),
});
export type LikedPlaylistQuery = z.infer<typeof likedPlaylistQuerySchema>;

/**
 * The window of liked songs the viewer may still hear (their own, or public and not trashed; none
 * in error), each with its place in the whole list; the count and length are over the whole list.
 */
export const likedPlaylistResponseSchema = z.object({
  id: z.literal(LIKED_PLAYLIST_ID),
  name: z.string(),
  is_owned: z.literal(false),
  num_total_results: z.number().int(),
  /** Seconds, over the whole list. */
  total_duration: z.number(),
  from_index: z.number().int(),
  playlist_clips: z.array(z.object({ clip: clipSchema, relative_index: z.number().int() })),
});
export type LikedPlaylistResponse = z.infer<typeof likedPlaylistResponseSchema>;

import { z } from "zod";
import { SEARCH_TEXT_MAX } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema, queryBooleanSchema } from "./paged.ts";

/** Playlist pages hold 20. */
export const PLAYLIST_PAGE_SIZE = 20;
export const PLAYLIST_NAME_MAX = 100;
export const DEFAULT_PLAYLIST_NAME = "Untitled";
/** Clips one update_clips call may add or remove. */
export const PLAYLIST_UPDATE_MAX = 100;
/** Ours: songs one playlist may hold. */
export const PLAYLIST_CLIPS_MAX = 1000;
export const PLAYLIST_NOT_FOUND = "Playlist not found";
/** The special list of songs friends shared with the user, listed by GET /api/playlist/me on request. */
export const SHARELIST_ID = "sharelist";
export const SHARELIST_NAME = "Shared with you";

/** POST /api/playlist/create/; a blank name is 'Untitled'. */
export const createPlaylistBodySchema = z.object({
  name: z.string().trim().max(PLAYLIST_NAME_MAX).nullish(),
});

/**
 * GET /api/playlist/me: the caller's playlists, last changed first; `query` searches their names;
 * show_trashed lists the trashed ones instead. show_sharelist puts the sharelist (songs friends
 * shared with the caller; not owned, not counted in the total) first on page 1 of the untrashed
 * list, when its name matches the query.
 */
export const myPlaylistsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  show_trashed: queryBooleanSchema.default(false),
  show_sharelist: queryBooleanSchema.default(false),
  query: z
    .string()
    .trim()
    .transform((text) => text.slice(0, SEARCH_TEXT_MAX))
    .optional(),
});
export type MyPlaylistsQuery = z.infer<typeof myPlaylistsQuerySchema>;

/**
 * POST /api/playlist/update_clips/: add appends the clips not yet in the playlist,
 * in the order given; remove_by_id takes them out. Only the owner may change a playlist.
 */
export const updatePlaylistClipsBodySchema = z.object({
  playlist_id: z.uuid("Playlist ids are UUIDs"),
  update_type: z.enum(["add", "remove_by_id"], "Use add or remove_by_id"),
  metadata: z.object({
    clip_ids: z
      .array(z.uuid("Clip ids are UUIDs"))
      .min(1, "Give at least one clip id")
      .max(PLAYLIST_UPDATE_MAX, `At most ${PLAYLIST_UPDATE_MAX} clips at a time`),
  }),
  /** Sent by the song menu's recommendations; kept out of the playlist. */
  recommendation_metadata: z.unknown().optional(),
});
export type UpdatePlaylistClipsBody = z.infer<typeof updatePlaylistClipsBodySchema>;

/** A playlist as the inspiration picker reads it. */
export const playlistSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  user_id: z.string(),
  is_owned: z.boolean(),
  is_public: z.boolean(),
  /** The playlist's song count. */
  num_total_results: z.number().int(),
  /** Its songs in order, each naming its owner: the picker looks for one the user made. */
  playlist_clips: z.array(z.object({ clip: z.object({ id: z.string(), user_id: z.string() }) })),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const myPlaylistsResponseSchema = pageInfoSchema.extend({ playlists: z.array(playlistSummarySchema) });
export type MyPlaylistsResponse = z.infer<typeof myPlaylistsResponseSchema>;

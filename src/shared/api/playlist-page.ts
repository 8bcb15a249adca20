import { z } from "zod";
import { clipSchema } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema } from "./paged.ts";
import { PLAYLIST_NAME_MAX } from "./playlists.ts";

export const playlistIdParamsSchema = z.object({
  playlist_id: z.uuid("Playlist ids are UUIDs"),
});

/** GET /api/playlist/{id}/?page=: a page of 20 of its songs. */
export const playlistPageQuerySchema = z.object({ page: pageNumberSchema.default(1) });

/**
 * A playlist as its page shows it: who made it, its counts over the songs the viewer may hear
 * (another's private or trashed songs are left out, of the list and of the counts), and one page of
 * those songs, each with its place in the whole list.
 */
export const playlistDetailSchema = pageInfoSchema.extend({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  user_id: z.string(),
  user_handle: z.string(),
  user_display_name: z.string(),
  is_owned: z.boolean(),
  is_public: z.boolean(),
  /** In the trash: only its owner opens it then. */
  is_trashed: z.boolean(),
  /** The viewer liked it. */
  is_liked: z.boolean(),
  upvote_count: z.number().int(),
  play_count: z.number().int(),
  /** Seconds, over all its songs the viewer may hear. */
  total_duration: z.number(),
  /** The first songs' covers, for the page's mosaic (up to 4). */
  cover_urls: z.array(z.string()),
  playlist_clips: z.array(z.object({ clip: clipSchema, relative_index: z.number().int() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

/** POST /api/playlist/{id}/set_metadata/: the owner renames it ('Untitled' when blank). */
export const setPlaylistMetadataBodySchema = z.object({
  name: z
    .string()
    .trim()
    .max(PLAYLIST_NAME_MAX, `A playlist's name has at most ${PLAYLIST_NAME_MAX} characters`),
});

/** POST /api/playlist/{id}/reorder/: the owner moves one song to `index` (0 is the first). */
export const reorderPlaylistBodySchema = z.object({
  clip_id: z.uuid("Clip ids are UUIDs"),
  index: z.number().int().min(0),
});

/** POST /api/playlist_reaction/{id}/set_visibility/. */
export const setPlaylistVisibilityBodySchema = z.object({
  is_public: z.boolean("Give is_public: true or false"),
});

/** POST /api/playlist_reaction/{id}/update_reaction/: like ("L") or take the like back (null). */
export const playlistReactionBodySchema = z.object({ reaction: z.enum(["L"]).nullable() });
export const playlistReactionResponseSchema = z.object({
  is_liked: z.boolean(),
  upvote_count: z.number().int(),
});

/** POST /api/playlist_reaction/{id}/increment_play_count/: a song of it started from its page. */
export const playlistPlayCountBodySchema = z.object({ clip_id: z.uuid("Clip ids are UUIDs") });
export const playlistPlayCountResponseSchema = z.object({ play_count: z.number().int() });

/** POST /api/playlist/trash/: the owner moves a playlist to the trash, or out of it with undo_trash. */
export const trashPlaylistBodySchema = z.object({
  playlist_id: z.uuid("Playlist ids are UUIDs"),
  undo_trash: z.boolean("Give undo_trash: true or false").default(false),
});
export const trashPlaylistResponseSchema = z.object({ playlist_id: z.string(), is_trashed: z.boolean() });
export type TrashPlaylistResponse = z.infer<typeof trashPlaylistResponseSchema>;

// Regenerating a playlist: a new playlist of fresh songs made by the generator in the styles of an
// existing one (one the caller may open, or their special lists: liked and on-repeat).

import { z } from "zod";
import { LIKED_PLAYLIST_ID } from "./liked-playlist.ts";

/** The id of the on-repeat special list. */
export const ON_REPEAT_PLAYLIST_ID = "on-repeat";

/** Songs one regeneration makes when the configuration does not say. */
export const REGENERATE_DEFAULT_SONGS = 2;
/** The most songs one regeneration makes (one generation's largest batch). */
export const REGENERATE_MAX_SONGS = 4;

/** The answer when the playlist's songs carry no styles to go by. */
export const NO_STYLES_TO_REGENERATE = "This playlist has no songs with styles to regenerate from.";

/** The new playlist's name: the old one's, marked, cut to fit. */
export const regeneratedName = (name: string, max: number): string => {
  const suffix = " (regenerated)";
  return `${name.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
};

export const regeneratePlaylistParamsSchema = z.object({
  playlist_id: z.union(
    [z.uuid(), z.literal(LIKED_PLAYLIST_ID), z.literal(ON_REPEAT_PLAYLIST_ID)],
    `Playlist ids are UUIDs, "${LIKED_PLAYLIST_ID}" or "${ON_REPEAT_PLAYLIST_ID}"`,
  ),
});

/** POST /api/playlist/{id}/regenerate/: the model (the caller's best when absent) and how many songs. */
export const regeneratePlaylistBodySchema = z
  .object({
    model_name: z.string().trim().max(64, "A model name has at most 64 characters").nullish(),
    configuration: z
      .strictObject({
        song_count: z
          .number()
          .int()
          .min(1, "Make at least one song")
          .max(REGENERATE_MAX_SONGS, `A regeneration makes at most ${REGENERATE_MAX_SONGS} songs`)
          .optional(),
        make_instrumental: z.boolean().optional(),
      })
      .nullish(),
  })
  .default({});
export type RegeneratePlaylistBody = z.infer<typeof regeneratePlaylistBodySchema>;

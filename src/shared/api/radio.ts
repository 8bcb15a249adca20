import { z } from "zod";
import { clipSchema } from "./clips.ts";

/** Songs one radio call answers. */
export const RADIO_PAGE_SIZE = 20;
/** Ids a radio call may leave out: the session's most recent ones (the page drops any older repeat). */
export const RADIO_EXCLUDE_MAX = 200;

export const radioTagParamsSchema = z.object({ tag: z.string().trim().min(1, "Name a style").max(100) });

/**
 * GET /api/radio/{tag}/: songs of that style, most like `clip_id` (the seed song: its styles,
 * persona, tempo and key) first, then others like it; never one of `exclude_clip_ids`
 * (comma-separated), never one the caller may not hear.
 */
export const radioQuerySchema = z.object({
  clip_id: z.uuid("Clip ids are UUIDs").optional(),
  exclude_clip_ids: z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== ""),
    )
    .pipe(
      z.array(z.string().max(100)).max(RADIO_EXCLUDE_MAX, `Leave out at most ${RADIO_EXCLUDE_MAX} songs`),
    ),
});

export const radioResponseSchema = z.object({ clips: z.array(clipSchema) });
export type RadioResponse = z.infer<typeof radioResponseSchema>;

/** The one live station everyone hears in sync. */
export const LIVE_STATION_ID = "main";

export const livingRadioParamsSchema = z.object({
  station_id: z
    .string()
    .max(50, "Station ids are at most 50 characters")
    .regex(/^[a-z0-9-]+$/, "Station ids are lowercase letters, digits and dashes"),
});

/** A song of the station's programme: when it starts on the server's clock and how long it plays (s). */
export const liveRadioItemSchema = z.object({
  song_id: z.uuid(),
  song_url: z.string(),
  title: z.string(),
  handle: z.string(),
  image_url: z.string().nullable(),
  start_time: z.iso.datetime(),
  duration: z.number().positive(),
});
export type LiveRadioItem = z.infer<typeof liveRadioItemSchema>;

/**
 * GET /api/living_radio/{station_id}/song-list: the programme from the song playing now, on the
 * server's clock (`server_time`, for the page to set its own against).
 */
export const liveRadioSongListSchema = z.object({
  station_id: z.string(),
  server_time: z.iso.datetime(),
  items: z.array(liveRadioItemSchema),
});
export type LiveRadioSongList = z.infer<typeof liveRadioSongListSchema>;

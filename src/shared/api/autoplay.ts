import { z } from "zod";
import { clipSchema, SEARCH_TEXT_MAX } from "./clips.ts";

/** Autoplay answers at most this many songs a call. */
export const AUTOPLAY_PAGE_SIZE = 30;
/** The queue's last entries sent with the call: the server leaves them out of its answer. */
export const AUTOPLAY_HISTORY = 50;

/**
 * POST /api/clips/autoplay/: more songs for a queue running out. The songs come from the playlist
 * the queue plays (its songs not yet queued), then songs like `clip_id` (its styles, persona,
 * tempo and key), then popular public songs; never one in `clips_in_queue`, never one the caller may
 * not see. `query` is the search a queue came from, matched against titles and styles.
 */
export const autoplayBodySchema = z.object({
  clip_id: z.uuid("Clip ids are UUIDs").nullish(),
  playlist_id: z.string().min(1).max(100).nullish(),
  query: z.string().trim().max(SEARCH_TEXT_MAX).nullish(),
  clips_in_queue: z
    .array(z.object({ clip_id: z.string().min(1).max(100) }))
    .max(AUTOPLAY_HISTORY, `Send at most the last ${AUTOPLAY_HISTORY} queue entries`)
    .default([]),
  page_size: z.number().int().min(1).max(AUTOPLAY_PAGE_SIZE).default(AUTOPLAY_PAGE_SIZE),
});
export type AutoplayBody = z.input<typeof autoplayBodySchema>;

export const autoplayResponseSchema = z.object({ clips: z.array(clipSchema) });
export type AutoplayResponse = z.infer<typeof autoplayResponseSchema>;

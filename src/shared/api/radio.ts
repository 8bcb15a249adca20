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

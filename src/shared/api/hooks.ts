// Hooks: a short video tied to a song. Created from an uploaded video and a range of the song,
// rendered by the server, checked by automatic moderation, then polled until it is posted (or
// failed). Staff review posted and refused hooks.

import { z } from "zod";
import { clipIdSchema } from "./clips.ts";

/** Every hook is H.264 + AAC in MP4, a vertical 720x1280 picture at 30 frames a second. */
export const HOOK_WIDTH = 720;
export const HOOK_HEIGHT = 1280;
export const HOOK_FPS = 30;

/** The page polls a hook's state this often. */
export const HOOK_POLL_MS = 2_000;

export const HOOK_TOASTS = {
  posted: "Hook posted to feed!",
  failedModeration: "Hook failed moderation",
  processingFailed: "Hook processing failed",
  invalidResponse: "Failed to create hook: Invalid response data from server.",
  renderFailed: "Hook failed to render",
  exception: (message: string) => `Exception during hook creation: ${message}`,
} as const;

/**
 * rendering: queued or being rendered; then automatic moderation ends it passed or failed (staff may
 * turn either way); error: the render failed.
 */
export const HOOK_STATUSES = [
  "rendering",
  "rendered_passed_moderation",
  "rendered_failed_moderation",
  "error",
] as const;
export type HookStatus = (typeof HOOK_STATUSES)[number];

const seconds = z
  .number()
  .finite()
  .min(0)
  .max(24 * 3600);
const volume = z.number().int().min(0).max(100);

export const createHookBodySchema = z.object({
  clip_id: clipIdSchema,
  hook_publish: z.object({
    title: z.string().trim().max(100).default(""),
    caption: z.string().trim().max(500).default(""),
    allow_comments: z.boolean().default(true),
    show_lyrics: z.boolean().default(false),
    /**
     * An image the user uploaded (POST /api/uploads/image/, its image_s3_id) as the hook's
     * thumbnail; when null, a frame of the hook's video is.
     */
    custom_thumbnail_s3_id: z.uuid().nullable().default(null),
    /** The frame shown as the thumbnail, in the uploaded video's time; null: one second in. */
    thumbnail_time_s: seconds.nullable().default(null),
  }),
  video_render: z.object({
    song: z.object({
      song_id: clipIdSchema,
      clip_start_time: seconds,
      clip_end_time: seconds,
      volume,
    }),
    videos: z
      .array(
        z.object({
          upload_id: z.uuid(),
          source_start_time: seconds,
          source_end_time: seconds,
          volume,
        }),
      )
      .length(1, "A hook is made of one video"),
  }),
});
export type CreateHookBody = z.infer<typeof createHookBodySchema>;

export const hookIdParamsSchema = z.object({ hook_id: z.uuid("Hook ids are UUIDs") });

export const hookSchema = z.object({
  id: z.string(),
  /** A hook its owner made, or a song's video cover shown in the hooks feed. */
  kind: z.enum(["hook", "video_cover"]),
  status: z.enum(HOOK_STATUSES),
  error_message: z.string().nullable(),
  clip_id: z.string(),
  clip_title: z.string(),
  /** The song's page when the song is public, else null. */
  clip_url: z.string().nullable(),
  handle: z.string(),
  title: z.string(),
  caption: z.string(),
  allow_comments: z.boolean(),
  show_lyrics: z.boolean(),
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  duration: z.number().nullable(),
  like_count: z.number(),
  comment_count: z.number(),
  is_liked: z.boolean(),
  created_at: z.string(),
});
export type Hook = z.infer<typeof hookSchema>;

export const createHookResponseSchema = z.object({ id: z.string() });

// Video uploads (hook footage, video covers): ask for a form, post the file to storage with it,
// finish, then poll while the server checks and probes the video (and makes a thumbnail sprite
// when asked).

import { z } from "zod";
import { clipIdSchema } from "./clips.ts";
import { createAudioUploadResponseSchema, uploadFinishBodySchema } from "./uploads.ts";

/** 200 MB: a larger video is refused while it streams. */
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEO_TOO_LARGE = "Sorry, but this file is too large. Please try a video that is under 200 MB.";
export const VIDEO_UPLOAD_FAILED = "Failed to process upload";
export const VIDEO_NOT_A_VIDEO = "Error trying to upload this video. Try another one?";
/** The page polls every 2 s; an upload past 10 minutes, or processing past 180 s, has timed out. */
export const VIDEO_UPLOAD_POLL_MS = 2_000;
export const VIDEO_UPLOAD_TIMEOUT_MS = 600_000;
export const VIDEO_PROCESSING_TIMEOUT_MS = 180_000;
export const VIDEO_UPLOAD_TIMED_OUT = "Upload timed out: took longer than 10 minutes";
export const VIDEO_PROCESSING_TIMED_OUT = "Video processing timed out";

/** What the server takes: MP4 and MOV (H.264 and others ffmpeg decodes), WebM (VP8, VP9). */
export const VIDEO_UPLOAD_EXTENSIONS = ["mp4", "m4v", "mov", "webm"] as const;
export type VideoUploadExtension = (typeof VIDEO_UPLOAD_EXTENSIONS)[number];

export const createVideoUploadBodySchema = z.object({
  extension: z
    .string()
    .trim()
    .max(10)
    .transform((extension) => extension.replace(/^\./, "").toLowerCase())
    .pipe(
      z.enum(VIDEO_UPLOAD_EXTENSIONS, {
        error: (issue) => `Videos are ${VIDEO_UPLOAD_EXTENSIONS.join(", ")}, not ${String(issue.input)}`,
      }),
    ),
});
export const createVideoUploadResponseSchema = createAudioUploadResponseSchema;

export const videoUploadFinishBodySchema = uploadFinishBodySchema.extend({
  is_video_cover: z.boolean().optional(),
  /** A thumbnail sprite (frames in a grid) for the range editor. */
  require_video_sprite: z.boolean().optional(),
  fail_task_on_moderation: z.boolean().optional(),
  video_upload_type: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i, "video_upload_type is a short name")
    .optional(),
  clip_id: clipIdSchema.optional(),
});
export type VideoUploadFinishBody = z.infer<typeof videoUploadFinishBodySchema>;

export const VIDEO_UPLOAD_STATUSES = [
  "uploading",
  "uploading-complete",
  "processing",
  "complete",
  "error",
] as const;
export type VideoUploadStatus = (typeof VIDEO_UPLOAD_STATUSES)[number];

export const videoUploadSchema = z.object({
  id: z.string(),
  status: z.enum(VIDEO_UPLOAD_STATUSES),
  error_message: z.string().nullable(),
  /** The stored video's id, for hooks and set_metadata's video_cover_upload_id. */
  s3_id: z.string().nullable(),
  /** A frame of the video as a JPEG. */
  image_url: z.string().nullable(),
  sprite_url: z.string().nullable(),
  duration: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  audio_alignment_timestamp: z.number().nullable(),
});
export type VideoUpload = z.infer<typeof videoUploadSchema>;

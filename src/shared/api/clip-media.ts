// A clip's media: its files by kind, the waveform aggregates, WAV conversion and the download quota.

import { z } from "zod";
import { clipIdSchema } from "./clips.ts";
import { imageSizeSchema } from "./images.ts";
import { signedMediaQuerySchema } from "./media-signatures.ts";
import { queryBooleanSchema } from "./paged.ts";

/** GET /api/media/clips/{clip_id}/{kind}[.ext]: a clip's audio, image, video, or a download. */
export const clipMediaParamsSchema = z.object({
  clip_id: clipIdSchema,
  file: z
    .string()
    .regex(
      /^(audio|image|video|video_cover|wav|mp3|opus|m4a)(\.[a-z0-9]{1,5})?$/,
      "Media files are audio, image, video, video_cover, wav, mp3, opus or m4a",
    )
    .transform(
      (file) =>
        file.split(".")[0] as "audio" | "image" | "video" | "video_cover" | "wav" | "mp3" | "opus" | "m4a",
    ),
});

export const clipMediaQuerySchema = signedMediaQuerySchema.extend({
  /** An image at one of the served sizes (ignored for other media). */
  size: imageSizeSchema.optional(),
  /** Serve as an attachment named after the song. */
  download: queryBooleanSchema.optional(),
  /** The cache-busting version in media URLs; any value. */
  v: z.string().max(100).optional(),
});

/**
 * One mipmap level of a clip's waveform: min and max over every channel for consecutive blocks of
 * frames_per_point frames (the last block may be shorter), rounded to 4 decimals.
 */
export const waveformAggregateSchema = z.object({
  mip_map_level: z.number().int(),
  sample_rate: z.number().int(),
  frames_per_point: z.number().int(),
  min: z.array(z.number()),
  max: z.array(z.number()),
});
export const waveformAggregatesResponseSchema = z.object({
  /** Total frames of the audio, and its length in seconds. */
  frames: z.number().int(),
  duration: z.number(),
  waveform_aggregates: z.array(waveformAggregateSchema),
});
export type WaveformAggregatesResponse = z.infer<typeof waveformAggregatesResponseSchema>;

export const convertWavResponseSchema = z.object({ status: z.enum(["processing", "complete"]) });
/** Polled until wav_file_url appears. */
export const wavFileResponseSchema = z.object({ wav_file_url: z.string().nullable() });
/** Polled until opus_file_url appears. */
export const opusFileResponseSchema = z.object({ opus_file_url: z.string().nullable() });

/** Download usage; limit and remaining are null when downloads are unlimited. */
export const downloadUsageSchema = z.object({
  downloads_used: z.number().int(),
  downloads_limit: z.number().int().nullable(),
  downloads_remaining: z.number().int().nullable(),
  has_unlimited_downloads: z.boolean(),
  clip_owned_by_user: z.boolean(),
});
export type DownloadUsage = z.infer<typeof downloadUsageSchema>;

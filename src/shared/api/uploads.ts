import { z } from "zod";

/** The audio upload limit: 500 MB. */
export const AUDIO_UPLOAD_MAX_BYTES = 524_288_000;

/** The audio files an upload may hold, by the extension the page sends. */
export const AUDIO_UPLOAD_EXTENSIONS = ["wav", "wave", "mp3", "flac", "ogg", "oga", "opus"] as const;
export type AudioUploadExtension = (typeof AUDIO_UPLOAD_EXTENSIONS)[number];

export const AUDIO_UPLOAD_STATUSES = [
  "uploading",
  "vocals_detected",
  "initializing",
  "complete",
  "invalid_upload",
  "cancelled",
  "error",
] as const;
export type AudioUploadStatus = (typeof AUDIO_UPLOAD_STATUSES)[number];

/** Statuses after which an upload never changes again. */
export const FINAL_UPLOAD_STATUSES: readonly AudioUploadStatus[] = [
  "complete",
  "invalid_upload",
  "cancelled",
  "error",
];

const UNSUPPORTED_EXTENSIONS = new Set(["m4a", "aac", "mp4", "alac", "wma", "aif", "aiff"]);

export const createAudioUploadBodySchema = z.object({
  extension: z
    .string()
    .trim()
    .max(10)
    .transform((extension) => extension.replace(/^\./, "").toLowerCase())
    .pipe(
      z.enum(AUDIO_UPLOAD_EXTENSIONS, {
        error: (issue) =>
          UNSUPPORTED_EXTENSIONS.has(String(issue.input))
            ? `.${String(issue.input)} audio is not supported yet: upload WAV, MP3, FLAC or Ogg (Vorbis or Opus)`
            : "Please upload audio files only (WAV, MP3, FLAC or Ogg)",
      }),
    ),
  is_stem_mix: z.boolean().optional().default(false),
});
export type CreateAudioUploadBody = z.input<typeof createAudioUploadBodySchema>;

/** Where and how the page sends the file: a form post of `fields` plus the file (last) to `url`. */
export const createAudioUploadResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type CreateAudioUploadResponse = z.infer<typeof createAudioUploadResponseSchema>;

export const uploadIdParamsSchema = z.object({ upload_id: z.uuid("Not an upload id") });

export const uploadFinishBodySchema = z.object({
  /** How the file was made (e.g. file_upload, recording); kept as given. */
  upload_type: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i, "upload_type is a short name")
    .optional(),
  /** The file's name on the user's machine: only ever used for the title. */
  upload_filename: z
    .string()
    .max(1000)
    .transform((name) => name.replaceAll("\u0000", ""))
    .optional(),
});
export type UploadFinishBody = z.infer<typeof uploadFinishBodySchema>;

export const audioUploadSchema = z.object({
  id: z.string(),
  status: z.enum(AUDIO_UPLOAD_STATUSES),
  error_message: z.string().nullable(),
  title: z.string().nullable(),
  image_url: z.string().nullable(),
  has_vocal: z.boolean(),
  /** Seconds, once the audio has been decoded. */
  duration: z.number().nullable(),
  /** The clip made from the upload by initialize-clip, if any. */
  clip_id: z.string().nullable(),
});
export type AudioUpload = z.infer<typeof audioUploadSchema>;

export const initializeClipBodySchema = z.object({
  /** Downbeat times in seconds, as the studio sends them. */
  downbeats: z.array(z.number().finite().nonnegative()).max(20_000).optional(),
});

export const initializeStemMixClipBodySchema = z.object({
  stem_remix_of_clip_id: z.uuid("Not a clip id"),
  combined_from_clip_ids: z.array(z.uuid("Not a clip id")).max(64).optional().default([]),
});

export const initializeClipResponseSchema = z.object({ clip_id: z.string() });
export type InitializeClipResponse = z.infer<typeof initializeClipResponseSchema>;

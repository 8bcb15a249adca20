import { z } from "zod";
import { secondsFromClient } from "./client-numbers.ts";
import { CLIP_STATUSES, clipMetadataSchema, clipSchema, LYRICS_MAX } from "./clips.ts";

// The generation call's wire body. Third-party clients of the upstream service
// send it as is, so every field is optional and nullable and unknown fields are dropped, not refused.
// Length limits come from the billing model of the chosen `mv` (src/shared/api/billing.ts) and are
// checked by the server after parsing, with the form's messages.

const text = z.string().nullish();
const clipRef = z.string().trim().min(1).max(100).nullish();
const secondsValue = z.number().finite().min(0).max(86_400).nullish();
const flag = z.boolean().nullish();

export const controlSlidersSchema = z.object({
  weirdness_constraint: z.number().min(0).max(1).nullish(),
  style_weight: z.number().min(0).max(1).nullish(),
  audio_weight: z.number().min(0).max(1).nullish(),
  can_control_sliders: z.array(z.string()).nullish(),
});

export const generationMetadataSchema = z.object({
  web_client_pathname: text,
  is_max_mode: flag,
  is_mumble: flag,
  create_mode: z.enum(["custom", "simple"]).nullish(),
  user_tier: text,
  from_studio_project_id: text,
  create_session_token: text,
  disable_volume_normalization: flag,
  forced_infer_config: z.unknown().optional(),
  vocal_gender: z.enum(["m", "f"]).nullish(),
  is_remix: flag,
  control_sliders: controlSlidersSchema.nullish(),
  last_lyrics_generation: z.unknown().optional(),
  last_tags_generation: z.unknown().optional(),
  lyrics_model: text,
  override_history: z.unknown().optional(),
  override_future: z.unknown().optional(),
});

export const generateBodySchema = z.object({
  transaction_uuid: text,
  edit_session_id: text,
  project_id: text,
  token: text,
  /** Model key (chirp-v3-0 ... chirp-crow); the server's default when absent. */
  mv: text,
  duration: z.number().finite().nullish(),
  generation_type: text,
  title: text,
  tags: text,
  negative_tags: text,
  /** Custom mode: the lyrics. */
  prompt: text,
  /** Simple mode: the song description. */
  gpt_description_prompt: text,
  make_instrumental: flag,
  override_fields: z.unknown().optional(),
  task: text,
  cover_clip_id: clipRef,
  cover_start_s: secondsValue,
  cover_end_s: secondsValue,
  persona_id: clipRef,
  artist_clip_id: clipRef,
  artist_start_s: secondsValue,
  artist_end_s: secondsValue,
  continue_clip_id: clipRef,
  // Clients of the upstream service send it as a number, a numeric string or m:ss.
  continue_at: z.preprocess(secondsFromClient, secondsValue),
  continued_aligned_prompt: text,
  infill_start_s: secondsValue,
  infill_end_s: secondsValue,
  infill_dur_s: secondsValue,
  infill_context_start_s: secondsValue,
  infill_context_end_s: secondsValue,
  include_history_s: secondsValue,
  include_future_s: secondsValue,
  stem_type_id: z.union([z.number(), z.string()]).nullish(),
  stem_type_group_name: text,
  stem_task: text,
  stem_condition_clip_id: clipRef,
  stem_control_tags: text,
  stem_condition_start_s: secondsValue,
  stem_condition_end_s: secondsValue,
  batch_size: z.number().int().min(1).max(4).nullish(),
  playlist_id: clipRef,
  playlist_clip_ids: z.array(z.string().trim().min(1).max(100)).max(50).nullish(),
  sample_clip_ids: z.array(z.string().trim().min(1).max(100)).max(10).nullish(),
  underpainting_clip_id: clipRef,
  overpainting_clip_id: clipRef,
  use_personalization: flag,
  personalization_user_uuid: text,
  do_personalize_lyrics: flag,
  metadata: generationMetadataSchema.nullish(),
});
export type GenerateBody = z.infer<typeof generateBodySchema>;

/** Clips per generation when batch_size is not sent. */
export const DEFAULT_BATCH_SIZE = 2;
/** Generation duration is sent (and honoured) only within these bounds. */
export const DURATION_MIN_S = 120;
export const DURATION_MAX_S = 480;
/** Persona songs are at most four minutes. */
export const PERSONA_DURATION_MAX_S = 240;

// ---- Responses and the library's generation calls ----

const clipIdValue = z.uuid("Clip ids are UUIDs");

/** POST /api/generate/v2/: the request's id and its clips (Clip JSON), answered at once. */
export const generateResponseSchema = z.object({
  id: z.string(),
  clips: z.array(clipSchema),
  metadata: clipMetadataSchema,
  major_model_version: z.string(),
  status: z.enum(CLIP_STATUSES),
  created_at: z.string(),
  batch_size: z.number().int(),
  /** Present when `mv` named a retired or alternate upstream model: the name sent and the model used. */
  model_substitution: z.object({ requested: z.string(), used: z.string() }).optional(),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/** POST /api/generate/concat/v2/ (Get Full Song). */
export const concatBodySchema = z.object({
  clip_id: clipIdValue,
  is_infill: z.boolean().nullish(),
  edit_session_id: z.string().nullish(),
});
export type ConcatBody = z.infer<typeof concatBodySchema>;

/** A merge joins this many songs at most, one after another. */
export const MERGE_MAX_CLIPS = 10;

/** POST /api/generate/merge/: the user's finished songs, joined in the order given. */
export const mergeBodySchema = z.object({
  clip_ids: z
    .array(clipIdValue)
    .min(2, "Merge needs at least 2 songs")
    .max(MERGE_MAX_CLIPS, `Merge takes at most ${MERGE_MAX_CLIPS} songs`)
    .refine((ids) => new Set(ids).size === ids.length, "Each song can be merged once"),
});
export type MergeBody = z.infer<typeof mergeBodySchema>;

/** Remaster titles are at most 80 characters; songs longer than 960 s cannot be remastered. */
export const REMASTER_TITLE_MAX = 80;
export const REMASTER_DURATION_MAX_S = 960;
export const REMASTER_NOT_ALLOWED = "Remaster not allowed. Subscribe to access Remaster.";
export const REMASTER_TITLE_TOO_LONG = "Title too long.";
/** Any other refused remaster. */
export const REMASTER_FAILED = "Remaster failed.";

const slider = z.number().finite().min(0).max(1).nullish();

/** POST /api/generate/upsample (Remaster): its sliders, 0..1 (defaults freedom 0, others 0.5). */
export const upsampleBodySchema = z.object({
  clip_id: clipIdValue,
  model_name: z.string().max(64).nullish(),
  tags: z.string().max(1000).nullish(),
  title: z.string().nullish(),
  freedom: slider,
  tone: slider,
  strength: slider,
  stereo_width: slider,
  clarity: slider,
  variation_category: z.string().max(64).nullish(),
});
export type UpsampleBody = z.infer<typeof upsampleBodySchema>;
/** The remaster's job and its new clip. */
export const upsampleResponseSchema = z.object({ id: z.string(), clips: z.array(clipSchema) });

/** POST /api/clips/adjust-speed/: the multiplier is kept to what the stretcher does well. */
export const SPEED_MULTIPLIER_MIN = 0.5;
export const SPEED_MULTIPLIER_MAX = 2;
export const adjustSpeedBodySchema = z.object({
  clip_id: clipIdValue,
  speed_multiplier: z.number().finite().min(SPEED_MULTIPLIER_MIN).max(SPEED_MULTIPLIER_MAX),
  keep_pitch: z.boolean().nullish(),
  title: z.string().max(100).nullish(),
});
export type AdjustSpeedBody = z.infer<typeof adjustSpeedBodySchema>;

/** GET /api/generate/requests/?status=running */
export const generationRequestsQuerySchema = z.object({
  status: z.enum(["running", "complete", "error", "all"]).default("all"),
});

export const generationRequestSchema = z.object({
  id: z.string(),
  status: z.enum(["running", "complete", "error"]),
  task: z.string(),
  model_key: z.string(),
  clip_ids: z.array(z.string()),
  created_at: z.string(),
});
export const generationRequestsResponseSchema = z.object({ requests: z.array(generationRequestSchema) });
export type GenerationRequestsResponse = z.infer<typeof generationRequestsResponseSchema>;

/** GET /api/gen/{clip_id}/aligned_lyrics/v2/; words ending at 6000 s or later are dropped. */
export const ALIGNED_WORDS_END_MAX_S = 6000;
export const alignedWordSchema = z.object({
  word: z.string(),
  start_s: z.number(),
  end_s: z.number(),
  success: z.boolean(),
  p_align: z.number(),
});
export const alignedLyricsResponseSchema = z.object({
  aligned_words: z.array(alignedWordSchema),
  waveform_data: z.array(z.number()),
  hoot_cer: z.number(),
  is_streamed: z.boolean(),
});
export type AlignedLyricsResponse = z.infer<typeof alignedLyricsResponseSchema>;

/** POST /api/gen/{clip_id}/aligned_lyrics/v3: the lyrics to align to the song. */
export const alignedLyricsV3BodySchema = z.object({
  lyrics: z.string("lyrics is text").max(LYRICS_MAX, `Lyrics are at most ${LYRICS_MAX} characters`),
  enable_augmentation: z.boolean("enable_augmentation is true or false").optional(),
});
export type AlignedLyricsV3Body = z.infer<typeof alignedLyricsV3BodySchema>;

/**
 * POST and GET aligned_lyrics/v3: the alignment's state; running until the song has finished
 * rendering (its words are aligned as it is sung), polled every 2.5 s meanwhile.
 */
/** What a page says when a song has no aligned words: none in the answer, or no reason known. */
export const NO_ALIGNED_WORDS = "No aligned words found";
export const UNKNOWN_ALIGNMENT_ERROR = "Unknown error";

export const alignedLyricsV3ResponseSchema = alignedLyricsResponseSchema.extend({
  status: z.enum(["running", "complete", "error"]),
  error_message: z.string().nullable(),
});
export type AlignedLyricsV3Response = z.infer<typeof alignedLyricsV3ResponseSchema>;

/** GET /api/edit/stems/{clip_id}: the stem clips Get Stems made (POST makes them). */
export const stemsResponseSchema = z.object({ clips: z.array(clipSchema) });
export type StemsResponse = z.infer<typeof stemsResponseSchema>;

import { z } from "zod";

// The generation call's wire body (spec 000 section 3). Third-party clients of the upstream service
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
  continue_at: secondsValue,
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
/** Generation duration is sent (and honoured) only within these bounds (spec 000 section 9). */
export const DURATION_MIN_S = 120;
export const DURATION_MAX_S = 480;
/** Persona songs are at most four minutes. */
export const PERSONA_DURATION_MAX_S = 240;

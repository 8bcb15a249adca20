import { z } from "zod";
import { upstreamClipFieldsSchema } from "./compat.ts";

/** Generation states; processing is the studio's name for work between submitted and streaming. */
export const CLIP_STATUSES = ["queued", "submitted", "processing", "streaming", "complete", "error"] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

/** How a clip came to be (metadata.type). */
export const CLIP_TYPES = [
  "gen",
  "preview",
  "upload",
  "upload_extend",
  "extend",
  "stem",
  "concat",
  "concat_infilling",
  "edit_crop",
  "edit_fade",
  "edit_v3_export",
  "rendered_context_window",
  "studio_export",
] as const;
export type ClipType = (typeof CLIP_TYPES)[number];

/**
 * Tasks the specs name (metadata.task). The list grows with the generator, so the schema takes any
 * short name; these are the ones the feed filters know.
 */
export const CLIP_TASKS = [
  "extend",
  "upload_extend",
  "upsample",
  "gen_stem",
  "infill_intro",
  "infill_outro",
  "infill",
  "fixed_infill",
  "cover_infill",
  "artist_infill",
  "artist_cover_infill",
  "cover",
  "cover_extend",
  "artist_cover",
  "artist_extend",
  "artist_cover_extend",
  "artist_consistency",
  "stem",
  "stem_condition",
] as const;

/** Text limits: the title limit is the product's; the others are ours. */
export const TITLE_MAX = 100;
export const CAPTION_MAX = 2000;
export const LYRICS_MAX = 5000;
export const TAGS_MAX = 1000;
export const SEARCH_TEXT_MAX = 256;

/** Page sizes: the feed's default, and our ceiling for one request. */
export const FEED_PAGE_SIZE = 20;
export const FEED_LIMIT_MAX = 100;
/** Ids per request for get-by-ids calls (pages poll up to 20 at a time). */
export const IDS_MAX = 100;

/** The workspace every clip is in until moved: clips.project_id is null there. */
export const DEFAULT_WORKSPACE_ID = "default";

const text = (max: number) => z.string().max(max).nullish();
const flag = z.boolean().nullish();
const seconds = z.number().finite().nullish();
const id = z.string().max(200).nullish();

/** An entry of an extend chain (metadata.history, concat_history). */
export const clipHistoryEntrySchema = z.looseObject({
  id: z.string().max(200).optional(),
  type: z.string().max(64).optional(),
  continue_at: seconds,
  infill_start_s: seconds,
  infill_end_s: seconds,
  infill_context_start_s: seconds,
  infill_context_end_s: seconds,
  infill_dur_s: seconds,
  infill_lyrics: text(LYRICS_MAX),
  include_future_s: seconds,
  include_history_s: seconds,
});

/**
 * A clip's metadata: the fields the library shows, plus those the studio reads. Strict, so a module
 * writing a misspelt field fails at once instead of storing something no page reads.
 */
export const clipMetadataSchema = z.strictObject({
  type: z.enum(CLIP_TYPES).nullish(),
  task: z.string().max(64).nullish(),
  prompt: text(LYRICS_MAX),
  tags: text(TAGS_MAX),
  negative_tags: text(TAGS_MAX),
  gpt_description_prompt: text(LYRICS_MAX),
  duration: z.number().finite().nonnegative().nullish(),
  has_vocal: flag,
  can_publish_with_vocal: flag,
  persona_id: id,
  cover_clip_id: id,
  can_remix: flag,
  show_remix: flag,
  remix: z.string().max(64).nullish(),
  is_remix: flag,
  contest_ids: z.array(z.string().max(200)).max(100).nullish(),
  video_is_stale: flag,
  opt_out_video_cover_hook: flag,
  refund_credits: flag,
  error_type: z.string().max(100).nullish(),
  error_message: text(2000),
  upsample_clip_id: id,
  free_quota_category: z.enum(["remaster", "web_v4_gen"]).nullish(),
  stem_type_group_name: z.string().max(100).nullish(),
  configurations: z.record(z.string(), z.unknown()).nullish(),
  infill: flag,
  infill_lyrics: text(LYRICS_MAX),
  /** is_{product}_short, as clients name it. */
  is_tunesmith_short: flag,
  is_image_to_song: flag,
  continued_from_prompt: text(LYRICS_MAX),
  concat_history: z.array(clipHistoryEntrySchema).max(1000).nullish(),
  is_loudness_under_threshold: flag,
  audio_snippet: z.object({ start_timestamp: z.number().finite() }).nullish(),
  // Read by the studio.
  avg_bpm: z.number().finite().positive().nullish(),
  history: z.array(clipHistoryEntrySchema).max(1000).nullish(),
  edited_clip_id: id,
  cover_start_s: seconds,
  cover_end_s: seconds,
  artist_clip_id: id,
  artist_start_s: seconds,
  artist_end_s: seconds,
  stem_from_id: id,
  control_tags: text(TAGS_MAX),
  stem_type_id: z.union([z.number(), z.string().max(100)]).nullish(),
  stem_task: z.string().max(64).nullish(),
  normalize_volume: flag,
  lyrics_updated: flag,
  continued_aligned_prompt: text(LYRICS_MAX),
  override_history_clip_id: id,
  override_history_end_seconds: seconds,
  override_future_clip_id: id,
  override_future_start_seconds: seconds,
  // Ours: the studio project a clip was exported from, and the upload terms acceptance from set_metadata.
  from_studio_project_id: id,
  is_audio_upload_tos_accepted: flag,
});
export type ClipMetadata = z.infer<typeof clipMetadataSchema>;

export const REACTION_TYPES = ["L", "D"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const clipReactionSchema = z.object({
  reaction_type: z.enum(REACTION_TYPES),
  /** Comma-separated reasons. */
  feedback_reason: z.string().nullable(),
});

/** A clip as the pages read it. Media URLs are served by this server. */
export const clipSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_handle: z.string(),
  handle: z.string(),
  display_name: z.string(),
  /** As stored; pages show 'Untitled' when it is empty. */
  title: z.string(),
  status: z.enum(CLIP_STATUSES),
  caption: z.string(),
  caption_mentions: z.array(z.string()),
  image_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  /** A finished song's compressed copy (AAC in MP4), tried before audio_url with the flag enable-m4a-audio. */
  audio_url_m4a: z.string().nullable(),
  video_url: z.string().nullable(),
  video_cover_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  display_tags: z.string().nullable(),
  is_public: z.boolean(),
  is_trashed: z.boolean(),
  is_pinned: z.boolean(),
  is_contest_clip: z.boolean(),
  is_contest_base_clip: z.boolean(),
  allow_comments: z.boolean(),
  play_count: z.number().int(),
  upvote_count: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  model_name: z.string(),
  major_model_version: z.string(),
  preview_seconds: z.number().nullable(),
  download_disabled_reason: z.string().nullable(),
  root_clip_id: z.string().nullable(),
  project: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  persona: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      is_public: z.boolean(),
      is_owned: z.boolean(),
      root_clip_id: z.string().nullable(),
      image_s3_id: z.string().nullable(),
    })
    .nullable(),
  /** The viewer's own reaction; null when signed out or none. */
  reaction: clipReactionSchema.nullable(),
  metadata: clipMetadataSchema,
  ...upstreamClipFieldsSchema.shape,
});
export type Clip = z.infer<typeof clipSchema>;

// ---- Parameters and bodies ----

export const clipIdSchema = z.uuid("Clip ids are UUIDs");
const clipId = clipIdSchema;

export const clipIdParamsSchema = z.object({ clip_id: clipId });

/** A comma-joined list of clip ids in a query string. */
export const commaJoinedIds = z
  .string()
  .transform((value) => value.split(",").map((part) => part.trim()))
  .pipe(z.array(clipId).min(1, "Give at least one clip id").max(IDS_MAX, `At most ${IDS_MAX} ids`));

export const clipsByIdsQuerySchema = z.object({ ids: commaJoinedIds });

/** POST /api/gen/{clip_id}/set_metadata/: only the fields sent change. */
export const setMetadataBodySchema = z.object({
  title: z.string().max(TITLE_MAX, `Title too long: titles are at most ${TITLE_MAX} characters`).optional(),
  /** An image this server serves (an /api/media/ URL); see image_s3_id. */
  image_url: z.string().max(2000).nullish(),
  lyrics: z.string().max(LYRICS_MAX, `Lyrics too long: at most ${LYRICS_MAX} characters`).optional(),
  caption: z.string().max(CAPTION_MAX, `Caption too long: at most ${CAPTION_MAX} characters`).optional(),
  caption_mentions: z.array(z.string().min(1).max(60)).max(50).optional(),
  is_audio_upload_tos_accepted: z.boolean().optional(),
  /** A finished video upload of the caller's (POST /api/uploads/video/ gives its id) to use as the cover. */
  video_cover_upload_id: z.string().min(1).max(500).optional(),
  remove_image_cover: z.boolean().optional(),
  remove_video_cover: z.boolean().optional(),
  /** An image the caller uploaded (POST /api/uploads/image/ gives its id) to use as the cover. */
  image_s3_id: z.string().min(1).max(500).optional(),
  opt_out_video_cover_hook: z.boolean().optional(),
});
export type SetMetadataBody = z.infer<typeof setMetadataBodySchema>;

export const setVisibilityBodySchema = z.object({
  is_public: z.boolean(),
  /** Publishing enters the song in the running contests whose base song it was made from. */
  submit_to_contest: z.boolean().optional(),
});

export const trashBodySchema = z.object({
  trash: z.boolean(),
  clip_ids: z.array(clipId).min(1, "Give at least one clip id").max(IDS_MAX),
});

export const deleteClipsBodySchema = z.object({
  ids: z.array(clipId).min(1, "Give at least one clip id").max(IDS_MAX),
});

/** POST /api/gen/{clip_id}/update_reaction_type/: null clears the reaction. */
export const updateReactionBodySchema = z.object({
  reaction: z.enum(REACTION_TYPES, "Reactions are L (like), D (dislike) or null").nullable(),
  recommendation_metadata: z.record(z.string(), z.unknown()).optional(),
});

export const updateFeedbackBodySchema = z.object({
  feedback_reason: z.string().max(500).nullable(),
});

// ---- Responses ----

export const clipListResponseSchema = z.object({ clips: z.array(clipSchema) });

export const feedV2ResponseSchema = z.object({
  clips: z.array(clipSchema),
  num_total_results: z.number().int(),
  has_more: z.boolean(),
});
export type FeedV2Response = z.infer<typeof feedV2ResponseSchema>;

export const feedV3ResponseSchema = z.object({
  clips: z.array(clipSchema),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export type FeedV3Response = z.infer<typeof feedV3ResponseSchema>;

/** The clip at the offset (null past the end), and a cursor for the page that follows it. */
export const feedOffsetResponseSchema = z.object({
  clip_id: z.string().nullable(),
  cursor: z.string().nullable(),
});

export const trashedV2ResponseSchema = z.object({
  clips: z.array(clipSchema),
  num_total_results: z.number().int(),
});

export const setMetadataResponseSchema = clipSchema.extend({ prompt: z.string() });

export const trashResponseSchema = z.object({ clip_ids: z.array(z.string()), is_trashed: z.boolean() });
export const deleteClipsResponseSchema = z.object({ ids: z.array(z.string()) });

export const reactionResponseSchema = z.object({
  reaction: clipReactionSchema.nullable(),
  upvote_count: z.number().int(),
});

/** POST /api/gen/{clip_id}/update_feedback_state/: the viewer's reaction with its reasons. */
export const feedbackResponseSchema = z.object({ reaction: clipReactionSchema.nullable() });

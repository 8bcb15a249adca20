// The library's list queries: the feed's older and v3 filters, its offset and trash pages.

import { z } from "zod";
import {
  clipIdSchema,
  commaJoinedIds,
  FEED_LIMIT_MAX,
  FEED_PAGE_SIZE,
  IDS_MAX,
  SEARCH_TEXT_MAX,
} from "./clips.ts";
import { pageNumberSchema, queryBooleanSchema } from "./paged.ts";

/**
 * GET /api/feed/v2: the library with the older filters, or clips by ids. hide_disliked,
 * hide_gen_stems and hide_studio_clips are on unless turned off. */
export const feedV2QuerySchema = z.object({
  ids: commaJoinedIds.optional(),
  add_preset_clips: queryBooleanSchema.optional(),
  is_liked: queryBooleanSchema.optional(),
  hide_disliked: queryBooleanSchema.default(true),
  hide_gen_stems: queryBooleanSchema.default(true),
  hide_studio_clips: queryBooleanSchema.default(true),
  is_public: queryBooleanSchema.optional(),
  is_tunesmith_short: queryBooleanSchema.optional(),
  is_full_song: queryBooleanSchema.optional(),
  is_extend: queryBooleanSchema.optional(),
  is_cover: queryBooleanSchema.optional(),
  is_infill: queryBooleanSchema.optional(),
  is_gen_stem: queryBooleanSchema.optional(),
  is_upsample: queryBooleanSchema.optional(),
  is_persona: queryBooleanSchema.optional(),
  is_uploaded_audio: queryBooleanSchema.optional(),
  page: pageNumberSchema.default(1),
  query: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
});
export type FeedV2Query = z.infer<typeof feedV2QuerySchema>;

export const TRI_STATES = ["True", "False", "Any"] as const;
export type TriState = (typeof TRI_STATES)[number];
const triState = z.enum(TRI_STATES, "Use True, False or Any");

/** A presence filter: True keeps only matching clips, False drops them, Any ignores the filter. */
const presence = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject({ presence: triState, ...shape });

export const FEED_SORT_KEYS = ["created_at", "play_count"] as const;
export type FeedSortKey = (typeof FEED_SORT_KEYS)[number];

/** POST /api/feed/v3 filters. */
export const feedFiltersSchema = z.strictObject({
  ids: presence({ clipIds: z.array(clipIdSchema).max(IDS_MAX).default([]) }).optional(),
  /** Defaults to False: the trash shows only when asked for. */
  trashed: triState.optional(),
  liked: triState.optional(),
  disliked: triState.optional(),
  public: triState.optional(),
  fullSong: triState.optional(),
  upload: triState.optional(),
  belowLoudnessThreshold: triState.optional(),
  /** Each kind with an optional clip it was made from (for stems: the clip they were split from). */
  stem: presence({ fromClipId: clipIdSchema.optional() }).optional(),
  persona: presence({ personaId: z.string().min(1).max(200).optional() }).optional(),
  cover: presence({ fromClipId: clipIdSchema.optional() }).optional(),
  extend: presence({ fromClipId: clipIdSchema.optional() }).optional(),
  remaster: presence({ fromClipId: clipIdSchema.optional() }).optional(),
  concat: presence({ fromClipId: clipIdSchema.optional() }).optional(),
  user: presence({ userId: clipIdSchema.optional() }).optional(),
  workspace: presence({ workspaceId: z.string().min(1).max(200).optional() }).optional(),
  playlist: presence({ playlistId: z.string().min(1).max(200).optional() }).optional(),
  fromStudioProject: presence({ studioProjectId: z.string().min(1).max(200).optional() }).optional(),
  /** Matched case-insensitively against title, tags, negative tags and prompt. */
  searchText: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  sort: z
    .strictObject({
      sortBy: z.enum(FEED_SORT_KEYS).default("created_at"),
      sortDirection: z.enum(["asc", "desc"]).default("desc"),
    })
    .optional(),
});
export type FeedFilters = z.infer<typeof feedFiltersSchema>;

export const feedV3BodySchema = z.object({
  /** Opaque; null or absent for the first page. */
  cursor: z.string().max(1000).nullish(),
  limit: z.number().int().min(1).max(FEED_LIMIT_MAX).default(FEED_PAGE_SIZE),
  filters: feedFiltersSchema.default({}),
});
export type FeedV3Body = z.infer<typeof feedV3BodySchema>;

export const feedOffsetBodySchema = z.object({
  offset: z.number().int().min(0).max(1_000_000),
  filters: feedFiltersSchema.default({}),
});

export const trashedV2QuerySchema = z.object({
  is_liked: queryBooleanSchema.optional(),
  is_public: queryBooleanSchema.optional(),
  page: pageNumberSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(FEED_LIMIT_MAX).default(FEED_PAGE_SIZE),
});

import { z } from "zod";
import { clipSchema } from "./clips.ts";
import { personaSchema } from "./personas.ts";

/** The discover sections the home page shows, in the order offered. */
export const SECTION_NAMES = [
  "new_songs_for_you",
  "featured_feed_for_you",
  "trending_songs",
  "new_songs",
  "engaged_user_top_songs",
  "following_listen",
  "popular_personas",
  "trending_creators",
  "trending_creator_top_songs",
  "suggested_creator_top_songs",
  "trending_genre",
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** Items in a section unless asked otherwise; the most a section answers at once. */
export const SECTION_ITEMS = 10;
export const SECTION_ITEMS_MAX = 50;
/** Sections per request unless asked otherwise; the most at once. */
export const SECTIONS_PER_PAGE = 4;
export const SECTIONS_MAX = 20;

const shortText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/**
 * POST /api/discover/ takes two shapes: sections from start_index, page_size of them (or, with
 * section_name, that one section, its items from start_index, page_size of them, for "more");
 * or page (from 1) of sections, section_size sections a page. section_content names the genre of
 * a trending_genre section.
 */
export const discoverBodySchema = z
  .strictObject({
    start_index: z.number().int().min(0).max(10_000).optional(),
    page_size: z.number().int().min(1).max(SECTION_ITEMS_MAX).optional(),
    section_name: z.enum(SECTION_NAMES, "Unknown section_name").optional(),
    section_content: shortText(256).optional(),
    secondary_section_content: shortText(256).optional(),
    product: shortText(64).optional(),
    page: z.number().int().min(1).max(10_000).optional(),
    section_size: z.number().int().min(1).max(SECTIONS_MAX).optional(),
    disable_shuffle: z.boolean().optional(),
  })
  .refine((body) => body.page === undefined || body.start_index === undefined, {
    message: "Give start_index or page, not both",
  })
  .refine((body) => body.section_name !== undefined || (body.page_size ?? 0) <= SECTIONS_MAX, {
    message: `At most ${SECTIONS_MAX} sections at once`,
    path: ["page_size"],
  });
export type DiscoverBody = z.infer<typeof discoverBodySchema>;

export const discoverCreatorSchema = z.object({
  id: z.string(),
  handle: z.string(),
  display_name: z.string(),
  /** How many of the hottest songs are theirs. */
  trending_song_count: z.number().int(),
});
export type DiscoverCreator = z.infer<typeof discoverCreatorSchema>;

export const discoverItemSchema = z.discriminatedUnion("entity_type", [
  z.object({ entity_type: z.literal("song_schema"), song: clipSchema }),
  z.object({
    entity_type: z.literal("following_feed_item_schema"),
    activity_type: z.literal("publish_song"),
    clip: clipSchema,
  }),
  z.object({ entity_type: z.literal("persona_schema"), persona: personaSchema }),
  z.object({ entity_type: z.literal("user_schema"), user: discoverCreatorSchema }),
]);
export type DiscoverItem = z.infer<typeof discoverItemSchema>;

export const discoverSectionSchema = z.object({
  section_type: z.enum(["song_list", "persona_list", "creator_list"]),
  section_name: z.enum(SECTION_NAMES),
  /** A trending_genre section's genre. */
  section_content: z.string().nullable(),
  title: z.string(),
  items: z.array(discoverItemSchema),
  start_index: z.number().int(),
  has_more: z.boolean(),
});
export type DiscoverSection = z.infer<typeof discoverSectionSchema>;

export const discoverResponseSchema = z.object({
  sections: z.array(discoverSectionSchema),
  total_sections: z.number().int(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

/** GET /api/trending/metaplaylist/: the trending lists as playlists, overall and per genre. */
export const metaplaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  section_name: z.enum(SECTION_NAMES),
  section_content: z.string().nullable(),
  image_url: z.string().nullable(),
  clip_ids: z.array(z.string()),
});
export const metaplaylistResponseSchema = z.object({ playlists: z.array(metaplaylistSchema) });
export type MetaplaylistResponse = z.infer<typeof metaplaylistResponseSchema>;

/** Items of the following feed a page unless asked otherwise, and the most at once. */
export const FOLLOWING_FEED_PAGE = 20;
export const FOLLOWING_FEED_PAGE_MAX = 50;

/**
 * POST /api/social/following-feed/: songs published by the people the viewer follows, newest
 * first, those before start_feed_timestamp (the previous page's last_item_timestamp); a page comes
 * back empty at the end.
 */
export const followingFeedBodySchema = z.strictObject({
  start_feed_timestamp: z.iso
    .datetime({ offset: true, message: "start_feed_timestamp is not an ISO 8601 time" })
    .nullish(),
  page_size: z.number().int().min(1).max(FOLLOWING_FEED_PAGE_MAX).default(FOLLOWING_FEED_PAGE),
  ranking_method: z.enum(["recency"], "Use recency").default("recency"),
  result_type: z.enum(["publish_song"], "Use publish_song").default("publish_song"),
});
export type FollowingFeedBody = z.infer<typeof followingFeedBodySchema>;

export const followingFeedItemSchema = z.object({
  activity_type: z.literal("publish_song"),
  clip: clipSchema,
  /** When it happened (the song's creation), to the microsecond. */
  timestamp: z.string(),
});
export const followingFeedResponseSchema = z.object({
  items: z.array(followingFeedItemSchema),
  /** Where the next page starts; null on an empty page. */
  last_item_timestamp: z.string().nullable(),
});
export type FollowingFeedResponse = z.infer<typeof followingFeedResponseSchema>;

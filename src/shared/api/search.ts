import { z } from "zod";
import { SEARCH_TEXT_MAX } from "./clips.ts";

/** The search types of POST /api/search/. */
export const SEARCH_TYPES = [
  "public_song",
  "public_persona",
  "playlist",
  "user",
  "platform_genre",
  "library_song",
  "library_persona",
  "library_playlist",
  "tag_song",
  "hashtag_song",
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Results a page unless asked otherwise. */
export const SEARCH_PAGE_SIZE = 20;
/** The most a page holds: a simple (song) search 50, the other result types 40. */
export const SIMPLE_SEARCH_PAGE_MAX = 50;
export const OTHER_SEARCH_PAGE_MAX = 40;
const SIMPLE_SEARCH_TYPES: ReadonlySet<SearchType> = new Set(["public_song", "library_song"]);
export const searchPageMax = (type: SearchType): number =>
  SIMPLE_SEARCH_TYPES.has(type) ? SIMPLE_SEARCH_PAGE_MAX : OTHER_SEARCH_PAGE_MAX;

/** Word, genre and library song searches count their hits up to this (total_hits); tag searches count all. */
export const SEARCH_HITS_COUNTED = 1000;

/** Types whose term is a tag (without '#'): their answer counts every hit (total_hits). */
export const TAG_SEARCH_TYPES: ReadonlySet<SearchType> = new Set(["tag_song", "hashtag_song"]);

export const searchQuerySchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    search_type: z.enum(SEARCH_TYPES, "Unknown search_type"),
    /** Trimmed and cut to 256 characters. */
    term: z
      .string()
      .trim()
      .transform((text) => text.slice(0, SEARCH_TEXT_MAX).trim())
      .default(""),
    from_index: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).default(SEARCH_PAGE_SIZE),
    rank_by: z.enum(["trending", "most_relevant"], "Use trending or most_relevant").default("most_relevant"),
    is_instrumental: z.boolean().nullish(),
    model_version: z.string().max(64).nullish(),
    is_public: z.boolean().nullish(),
  })
  .superRefine((query, context) => {
    const max = searchPageMax(query.search_type);
    if (query.size > max)
      context.addIssue({
        code: "custom",
        path: ["size"],
        message: `At most ${max} results a page for ${query.search_type}`,
      });
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchBodySchema = z.object({
  search_queries: z
    .array(searchQuerySchema)
    .min(1, "Give at least one search query")
    .max(10, "At most 10 search queries"),
});
export type SearchBody = z.infer<typeof searchBodySchema>;

export const searchResultSchema = z.object({
  result: z.array(z.unknown()),
  from_index: z.number().int(),
  page_size: z.number().int(),
  total_hits: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ result: z.record(z.string(), searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** A user in search results. */
export const searchUserSchema = z.object({
  id: z.string(),
  handle: z.string(),
  display_name: z.string(),
  song_count: z.number().int(),
});
export type SearchUser = z.infer<typeof searchUserSchema>;

/** A public playlist in search results. */
export const searchPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  user_id: z.string(),
  user_handle: z.string(),
  num_total_results: z.number().int(),
});
export type SearchPlaylist = z.infer<typeof searchPlaylistSchema>;

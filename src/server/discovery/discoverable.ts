import { sql } from "kysely";

/**
 * What discovery may show anyone: public, untrashed, finished songs (not private, trashed or
 * failed ones, nor those still rendering). Every list of other people's songs (trending, new,
 * recommendations, public search, the feeds) goes through this one rule.
 */
export const discoverable = sql<boolean>`(clips.is_public and not clips.is_trashed and clips.status = 'complete')`;

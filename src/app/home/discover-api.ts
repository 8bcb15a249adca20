// The home page's calls: discover sections a few at a time, one section's further items, and the
// trending lists.

import {
  type DiscoverResponse,
  discoverResponseSchema,
  type MetaplaylistResponse,
  metaplaylistResponseSchema,
} from "../../shared/api/discovery.ts";
import { apiRequest } from "../account/api-request.ts";

/** Sections asked for at once: the first screen's worth, then as many more per scroll. */
export const SECTIONS_AT_ONCE = 3;

export const fetchSections = (startIndex: number, signal?: AbortSignal): Promise<DiscoverResponse> =>
  apiRequest("/api/discover/", discoverResponseSchema, {
    body: { start_index: startIndex, page_size: SECTIONS_AT_ONCE },
    signal,
  });

export const fetchTrendingLists = (signal?: AbortSignal): Promise<MetaplaylistResponse> =>
  apiRequest("/api/trending/metaplaylist/", metaplaylistResponseSchema, { signal });

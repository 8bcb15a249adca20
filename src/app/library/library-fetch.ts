// The library's server calls: feed v3 pages and offset look-ups, retried as the spec says (3
// retries 2 s apart, then 'Error fetching {type} clips' with the message), and answers kept for 5
// minutes so going back to a filter set shows it at once.

import {
  FEED_PAGE_SIZE,
  type FeedV3Response,
  feedOffsetResponseSchema,
  feedV3ResponseSchema,
  trashedV2ResponseSchema,
} from "../../shared/api/clips.ts";
import type { FeedFilters } from "../../shared/api/feed-query-schemas.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";

export const FEED_RETRIES = 3;
export const FEED_RETRY_MS = 2000;
export const QUERY_CACHE_MS = 5 * 60_000;

/** The failure shown after the retries: the spec's title, the last error's message. */
export class FetchClipsError extends Error {
  override readonly name = "FetchClipsError";
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A refusal (4xx) is not retried: asking again gets the same answer. */
const retriable = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** Runs `call`, retrying up to 3 times 2 s apart; then fails with 'Error fetching {type} clips'. */
export async function withRetries<T>(type: string, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= FEED_RETRIES || !retriable(error)) {
        throw new FetchClipsError(
          `Error fetching ${type} clips`,
          error instanceof Error ? error.message : String(error),
        );
      }
      await sleep(FEED_RETRY_MS, signal);
    }
  }
}

const cache = new Map<string, { readonly at: number; readonly answer: FeedV3Response }>();

/** Forgets every kept answer: after the user changed a clip, a kept page may be out of date. */
export const forgetLibraryPages = (): void => cache.clear();

/** One feed v3 page; a kept answer under 5 minutes old is used instead of asking again. */
export async function fetchFeedPage(
  filters: FeedFilters,
  cursor: string | null,
  signal?: AbortSignal,
  /** What the list is, for the error message ('Error fetching {type} clips'). */
  type = "library",
): Promise<FeedV3Response> {
  const body = { cursor, limit: FEED_PAGE_SIZE, filters };
  const key = JSON.stringify(body);
  const kept = cache.get(key);
  if (kept !== undefined && Date.now() - kept.at < QUERY_CACHE_MS) return kept.answer;
  const answer = await withRetries(
    type,
    () => apiRequest("/api/feed/v3", feedV3ResponseSchema, { body, signal }),
    signal,
  );
  cache.set(key, { at: Date.now(), answer });
  return answer;
}

/**
 * The cursor that starts page `page` (2 or more): the clip at offset (page-1)*size-1 is looked up,
 * and the page starts right after it. Null when the library has no such page.
 */
export async function cursorForPage(
  filters: FeedFilters,
  page: number,
  signal?: AbortSignal,
  type = "library",
): Promise<string | null> {
  const offset = (page - 1) * FEED_PAGE_SIZE - 1;
  const answer = await withRetries(
    type,
    () => apiRequest("/api/feed/v3/offset", feedOffsetResponseSchema, { body: { offset, filters }, signal }),
    signal,
  );
  return answer.clip_id === null ? null : answer.cursor;
}

/** A page of the trash (numbered from 1), newest first. */
export async function fetchTrashPage(page: number, signal?: AbortSignal) {
  return withRetries(
    "trashed",
    () =>
      apiRequest(`/api/clips/trashed_v2?page=${page}&page_size=${FEED_PAGE_SIZE}`, trashedV2ResponseSchema, {
        signal,
      }),
    signal,
  );
}

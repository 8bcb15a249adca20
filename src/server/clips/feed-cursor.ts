import { z } from "zod";
import { FEED_SORT_KEYS, type FeedSortKey } from "../../shared/api/feed-query-schemas.ts";
import { badRequest } from "../http/errors.ts";

export interface FeedSort {
  readonly sortBy: FeedSortKey;
  readonly sortDirection: "asc" | "desc";
}

/**
 * Where a page ended: the last clip's sort key and id. The next page starts strictly after it in
 * (key, id) order, so clips inserted meanwhile never shift the pages (no repeats, no gaps).
 * created_at travels as text with microseconds: a JS Date would round it to milliseconds.
 */
export interface FeedPosition {
  readonly key: string | number;
  readonly id: string;
}

const cursorSchema = z.object({
  s: z.enum(FEED_SORT_KEYS),
  d: z.enum(["asc", "desc"]),
  k: z.union([z.string().max(40), z.number().int()]),
  i: z.uuid(),
});

export function encodeCursor(sort: FeedSort, position: FeedPosition): string {
  const payload = { s: sort.sortBy, d: sort.sortDirection, k: position.key, i: position.id };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

export function decodeCursor(cursor: string, sort: FeedSort): FeedPosition {
  let payload: z.infer<typeof cursorSchema>;
  try {
    payload = cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw badRequest("Invalid cursor: start again without one");
  }
  if (payload.s !== sort.sortBy || payload.d !== sort.sortDirection) {
    throw badRequest("Invalid cursor: it belongs to another sort order; start again without one");
  }
  if (sort.sortBy === "created_at" ? typeof payload.k !== "string" : typeof payload.k !== "number") {
    throw badRequest("Invalid cursor: start again without one");
  }
  return { key: payload.k, id: payload.i };
}

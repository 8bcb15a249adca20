import { type Kysely, sql } from "kysely";
import { type Clip, FEED_PAGE_SIZE } from "../../shared/api/clips.ts";
import type { FeedFilters, FeedV2Query } from "../../shared/api/feed-query-schemas.ts";
import type { Database } from "../db/schema.ts";
import type { Predicate } from "./clip-kinds.ts";
import { selectClips, visibleTo, visibleToMember } from "./clip-repository.ts";
import { clipView } from "./clip-view.ts";
import { decodeCursor, encodeCursor, type FeedPosition, type FeedSort } from "./feed-cursor.ts";
import { feedFilterConditions, libraryFilterConditions, namedWorkspace } from "./feed-filters.ts";

const DEFAULT_SORT: FeedSort = { sortBy: "created_at", sortDirection: "desc" };

/** created_at exactly (microseconds, UTC), for cursors. */
const createdAtText = sql<string>`to_char(clips.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The clips meeting the conditions that the viewer may see. When the conditions keep only the
 * viewer's own clips (`ownOnly`), all of them are visible: the visibility rule would only add an
 * `or` that the planner counts as if it removed rows, which makes it misjudge the cheapest plan.
 * In a list of one workspace (`inWorkspace`), a member also sees the other members' songs there.
 */
function filteredClips(
  db: Kysely<Database>,
  viewerId: string | null,
  conditions: readonly Predicate[],
  ownOnly: boolean,
  inWorkspace = false,
) {
  let query = selectClips(db, viewerId);
  if (!ownOnly) {
    query = query.where(inWorkspace ? visibleToMember(viewerId) : visibleTo(viewerId));
  }
  for (const condition of conditions) query = query.where(condition);
  return query;
}

function sortedFeed(db: Kysely<Database>, viewerId: string | null, filters: FeedFilters, sort: FeedSort) {
  const column = sort.sortBy === "created_at" ? "clips.created_at" : "clips.play_count";
  const { conditions, ownOnly } = feedFilterConditions(filters, viewerId);
  return filteredClips(db, viewerId, conditions, ownOnly, namedWorkspace(filters) !== null)
    .select(createdAtText.as("sort_created_at"))
    .orderBy(column, sort.sortDirection)
    .orderBy("clips.id", sort.sortDirection);
}

function after(sort: FeedSort, position: FeedPosition): Predicate {
  const key =
    sort.sortBy === "created_at" ? sql`(clips.created_at, clips.id)` : sql`(clips.play_count, clips.id)`;
  const bound =
    sort.sortBy === "created_at"
      ? sql`(${position.key}::timestamptz, ${position.id}::uuid)`
      : sql`(${position.key}::integer, ${position.id}::uuid)`;
  return sort.sortDirection === "desc" ? sql<boolean>`${key} < ${bound}` : sql<boolean>`${key} > ${bound}`;
}

const positionOf = (sort: FeedSort, row: { id: string; play_count: number; sort_created_at: string }) => ({
  key: sort.sortBy === "created_at" ? row.sort_created_at : row.play_count,
  id: row.id,
});

/** POST /api/feed/v3: one page in keyset order, and a cursor for the next. */
export async function feedPage(
  db: Kysely<Database>,
  viewerId: string | null,
  body: { cursor?: string | null; limit: number; filters: FeedFilters },
): Promise<{ clips: Clip[]; next_cursor: string | null; has_more: boolean }> {
  const sort = body.filters.sort ?? DEFAULT_SORT;
  let query = sortedFeed(db, viewerId, body.filters, sort);
  if (body.cursor) query = query.where(after(sort, decodeCursor(body.cursor, sort)));
  const rows = await query.limit(body.limit + 1).execute();
  const page = rows.slice(0, body.limit);
  const hasMore = rows.length > body.limit;
  const last = page.at(-1);
  return {
    clips: page.map((row) => clipView(row, viewerId)),
    next_cursor: hasMore && last ? encodeCursor(sort, positionOf(sort, last)) : null,
    has_more: hasMore,
  };
}

/**
 * POST /api/feed/v3/offset: the clip at an offset in the same order, for page jumps (001: page N
 * starts after the clip at (N-1)*size-1), with the cursor that starts right after it.
 */
export async function feedOffset(
  db: Kysely<Database>,
  viewerId: string | null,
  body: { offset: number; filters: FeedFilters },
): Promise<{ clip_id: string | null; cursor: string | null }> {
  const sort = body.filters.sort ?? DEFAULT_SORT;
  const row = await sortedFeed(db, viewerId, body.filters, sort)
    .offset(body.offset)
    .limit(1)
    .executeTakeFirst();
  if (!row) return { clip_id: null, cursor: null };
  return { clip_id: row.id, cursor: encodeCursor(sort, positionOf(sort, row)) };
}

/** A numbered page of the viewer's own clips (its conditions keep only those). */
async function numberedPage(
  db: Kysely<Database>,
  viewerId: string,
  conditions: readonly Predicate[],
  page: number,
  pageSize: number,
) {
  const [rows, total] = await Promise.all([
    filteredClips(db, viewerId, conditions, true)
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    filteredClips(db, viewerId, conditions, true)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(total.count);
  return {
    clips: rows.map((row) => clipView(row, viewerId)),
    num_total_results: count,
    has_more: (page - 1) * pageSize + rows.length < count,
  };
}

/** GET /api/feed/v2 without ids: the viewer's library, newest first, 20 a page. */
export function libraryPage(db: Kysely<Database>, viewerId: string, query: FeedV2Query) {
  return numberedPage(db, viewerId, libraryFilterConditions(query, viewerId), query.page, FEED_PAGE_SIZE);
}

/** GET /api/clips/trashed_v2: the viewer's trash, newest first. */
export async function trashedPage(
  db: Kysely<Database>,
  viewerId: string,
  query: { is_liked?: boolean; is_public?: boolean; page: number; page_size: number },
) {
  const conditions: Predicate[] = [
    sql<boolean>`(clips.user_id = ${viewerId})`,
    sql<boolean>`clips.is_trashed`,
    sql<boolean>`(clips.status <> 'error')`,
    ...(query.is_liked ? [sql<boolean>`coalesce(vr.reaction_type = 'L', false)`] : []),
    ...(query.is_public ? [sql<boolean>`clips.is_public`] : []),
  ];
  const { clips, num_total_results } = await numberedPage(
    db,
    viewerId,
    conditions,
    query.page,
    query.page_size,
  );
  return { clips, num_total_results };
}

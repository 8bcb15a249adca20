import { type Kysely, sql } from "kysely";
import type { Clip } from "../../shared/api/clips.ts";
import { matchesSearch } from "../clips/clip-kinds.ts";
import { selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { inSearchScope, type ScopedSearch, searchWindow } from "../db/scoped-search.ts";

/** Songs matching a term in their title, styles or lyrics (the feed search's rule). */
export async function searchSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  /** trending: most played first; most_relevant: titles containing the term first, then newest. */
  search: ScopedSearch,
): Promise<{ clips: Clip[]; total: number }> {
  let base = selectClips(db, viewerId)
    .where("clips.is_trashed", "=", false)
    .where(visibleTo(viewerId))
    .where(inSearchScope("clips", search, viewerId));
  if (search.term) base = base.where(matchesSearch(search.term));
  let ordered = base;
  if (search.rankBy === "trending") ordered = ordered.orderBy("clips.play_count", "desc");
  else if (search.term)
    ordered = ordered.orderBy(sql`strpos(lower(clips.title), lower(${search.term})) > 0`, "desc");
  const { rows, total } = await searchWindow(
    base,
    ordered.orderBy("clips.created_at", "desc").orderBy("clips.id", "desc"),
    search,
  );
  return { clips: rows.map((row) => clipView(row, viewerId)), total };
}

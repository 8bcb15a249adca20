import { type Kysely, sql } from "kysely";
import type { Clip } from "../../shared/api/clips.ts";
import { matchesSearch } from "../clips/clip-kinds.ts";
import { selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";

export interface SongSearch {
  /** public: everyone's public songs; library: the viewer's own (trashed ones left out). */
  readonly scope: "public" | "library";
  readonly term: string;
  readonly offset: number;
  readonly limit: number;
  /** trending: most played first; most_relevant: titles containing the term first, then newest. */
  readonly rankBy: "trending" | "most_relevant";
}

/** Songs matching a term in their title, styles or lyrics (the feed search's rule). */
export async function searchSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  search: SongSearch,
): Promise<{ clips: Clip[]; total: number }> {
  let base = selectClips(db, viewerId).where("clips.is_trashed", "=", false).where(visibleTo(viewerId));
  base =
    search.scope === "public"
      ? base.where("clips.is_public", "=", true)
      : base.where("clips.user_id", "=", viewerId ?? "");
  if (search.term) base = base.where(matchesSearch(search.term));
  let ordered = base;
  if (search.rankBy === "trending") ordered = ordered.orderBy("clips.play_count", "desc");
  else if (search.term)
    ordered = ordered.orderBy(sql`strpos(lower(clips.title), lower(${search.term})) > 0`, "desc");
  const [rows, total] = await Promise.all([
    ordered
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { clips: rows.map((row) => clipView(row, viewerId)), total: Number(total.count) };
}

import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Clip } from "../../shared/api/clips.ts";
import { SEARCH_HITS_COUNTED } from "../../shared/api/search.ts";
import { likeEscaped, matchesSearch } from "../clips/clip-kinds.ts";
import { selectClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { trigram } from "../db/trigram.ts";
import { discoverable } from "./discoverable.ts";

export interface SongSearch {
  /** Everyone's discoverable songs, or the viewer's own library (private ones too). */
  readonly scope: "public" | "library";
  readonly term: string;
  readonly rankBy: "trending" | "most_relevant";
  readonly offset: number;
  readonly limit: number;
  /** true: songs without vocals only; false: songs with vocals only. */
  readonly isInstrumental?: boolean | null;
  /** A model's version or name (V4.5, chirp-v4-5). */
  readonly modelVersion?: string | null;
  /** What the term is: words to look for (default), a tag, a hashtag or a platform genre. */
  readonly match?: "words" | "tag" | "hashtag" | "genre";
}

/** The words of a term as a prefix query: each word, or the start of one, must be there. */
export function prefixQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}

/**
 * Songs matching a search. Words match by full text (title weighted above tags above lyrics, the
 * owner's exact handle lowest) or, for typos, by title trigrams; the most relevant first: an exact
 * title, then titles starting with the term, then by the full-text rank plus the title's trigram
 * similarity. Trending ranks by heat.
 */
export async function searchSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  search: SongSearch,
): Promise<{ clips: Clip[]; total: number }> {
  let base = selectClips(db, viewerId).innerJoin("clip_scores as score", "score.clip_id", "clips.id");
  base =
    search.scope === "public"
      ? base.where(discoverable)
      : base
          .where("clips.user_id", "=", viewerId ?? "")
          .where("clips.is_trashed", "=", false)
          .where("clips.status", "<>", "error");
  if (search.isInstrumental === true)
    base = base.where(sql<boolean>`(clips.metadata->>'has_vocal') = 'false'`);
  if (search.isInstrumental === false)
    base = base.where(sql<boolean>`(clips.metadata->>'has_vocal') is distinct from 'false'`);
  if (search.modelVersion) {
    const version = search.modelVersion;
    base = base.where((eb) =>
      eb.or([eb("clips.major_model_version", "=", version), eb("clips.model_name", "=", version)]),
    );
  }
  const term = search.term.toLowerCase();
  let relevance: RawBuilder<number> | null = null;
  switch (search.match ?? "words") {
    case "tag":
      base = base.where(sql<boolean>`clip_tag_list(clips.metadata->>'tags') @> array[${term}::text]`);
      break;
    case "hashtag":
      base = base.where(
        sql<boolean>`clip_hashtags(clips.caption) @> array[${term.replace(/^#+/, "")}::text]`,
      );
      break;
    case "genre":
      base = base.where("score.genre", "=", term);
      break;
    case "words": {
      const query = prefixQuery(term);
      if (!term) break;
      const trgm = await trigram(db);
      const title = sql`lower(clips.title)`;
      const fullText = query
        ? sql<boolean>`clips.search_doc @@ to_tsquery('simple', ${query})`
        : sql<boolean>`false`;
      // A library is small: a word's middle finds its song there too, as the library's own search does.
      const inLibrary = search.scope === "library" ? matchesSearch(term) : sql<boolean>`false`;
      base = base.where(
        sql<boolean>`(${fullText} or ${trgm.similar(title, term)} or ${inLibrary} or clips.user_id in (select id from users where handle = ${term}))`,
      );
      // The owner's handle counts as the lowest-weighted field (D's 0.1 of ts_rank's weights).
      const rank = query
        ? sql`(ts_rank(clips.search_doc, to_tsquery('simple', ${query})) + (users.handle = ${term})::int * 0.1)`
        : sql`0`;
      const startsWith = sql`(${title} like ${`${likeEscaped(term)}%`})::int`;
      relevance = sql<number>`((${title} = ${term})::int * 10 + ${startsWith} * 3 + ${rank} + ${trgm.similarity(title, term)})`;
      break;
    }
  }
  const ordered =
    search.rankBy === "most_relevant" && relevance
      ? base.orderBy(relevance, "desc").orderBy("score.heat", "desc")
      : base.orderBy("score.heat", "desc");
  const window = { offset: search.offset, limit: search.limit };
  // Words may match a good share of the catalogue: their count stops at SEARCH_HITS_COUNTED.
  const counted =
    search.match === "tag" || search.match === "hashtag" ? base : base.limit(SEARCH_HITS_COUNTED);
  const [rows, total] = await Promise.all([
    ordered.orderBy("clips.id", "desc").limit(window.limit).offset(window.offset).execute(),
    db
      .selectFrom(counted.clearSelect().select(sql<number>`1`.as("hit")).as("hits"))
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { clips: rows.map((row) => clipView(row, viewerId)), total };
}

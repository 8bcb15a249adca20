import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  searchBodySchema,
} from "../../shared/api/search.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { searchPublicPlaylists, searchUsers } from "../discovery/people-search.ts";
import { type SongSearch, searchSongs } from "../discovery/song-search.ts";
import { parseInput } from "../http/validate.ts";
import { searchPersonas } from "../personas/persona-search.ts";
import { findMyPlaylists } from "../playlists/playlist-store.ts";

/** How each song search type reads its term, and over whose songs. */
const SONG_SEARCHES: Partial<Record<SearchQuery["search_type"], Pick<SongSearch, "scope" | "match">>> = {
  public_song: { scope: "public", match: "words" },
  library_song: { scope: "library", match: "words" },
  platform_genre: { scope: "public", match: "genre" },
  tag_song: { scope: "public", match: "tag" },
  hashtag_song: { scope: "public", match: "hashtag" },
};

/** POST /api/search/: several named searches at once, each a window of its results. */
export function registerSearchRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/search/", async (request): Promise<SearchResponse> => {
    const { search_queries } = parseInput(searchBodySchema, request.body);
    // One after another: a request's searches share one connection's worth of work.
    const result: Record<string, SearchResult> = {};
    for (const query of search_queries) result[query.name] = await answer(db, request, query);
    return { result };
  });
}

async function answer(
  db: Kysely<Database>,
  request: FastifyRequest,
  query: SearchQuery,
): Promise<SearchResult> {
  const viewerId = request.auth?.user.id ?? null;
  const window = { offset: query.from_index, limit: query.size };
  const page = (result: unknown[], total: number): SearchResult => ({
    result,
    from_index: query.from_index,
    page_size: query.size,
    total_hits: total,
  });
  const songs = SONG_SEARCHES[query.search_type];
  if (songs) {
    if (songs.scope === "library") requireUser(request);
    const found = await searchSongs(db, viewerId, {
      ...songs,
      ...window,
      term: query.term,
      rankBy: query.rank_by,
      isInstrumental: query.is_instrumental,
      modelVersion: query.model_version,
    });
    return page(found.clips, found.total);
  }
  switch (query.search_type) {
    case "public_persona":
    case "library_persona": {
      const scope = query.search_type === "public_persona" ? "public" : "library";
      if (scope === "library") requireUser(request);
      const found = await searchPersonas(db, viewerId, {
        scope,
        term: query.term,
        rankBy: query.rank_by,
        ...window,
      });
      return page(found.personas, found.total);
    }
    case "library_playlist": {
      const user = requireUser(request);
      const found = await findMyPlaylists(db, user.id, { ...window, query: query.term || undefined });
      return page(found.playlists, found.total);
    }
    case "playlist": {
      const found = await searchPublicPlaylists(db, { ...window, term: query.term });
      return page(found.playlists, found.total);
    }
    default: {
      const found = await searchUsers(db, { ...window, term: query.term });
      return page(found.users, found.total);
    }
  }
}

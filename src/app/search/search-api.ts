// The search page's calls: POST /api/search/ with named queries, each answer's items checked
// against its shared schema.

import { z } from "zod";
import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import { type Persona, personaSchema } from "../../shared/api/personas.ts";
import {
  type SearchPlaylist,
  type SearchType,
  type SearchUser,
  searchPlaylistSchema,
  searchResponseSchema,
  searchUserSchema,
} from "../../shared/api/search.ts";
import type { SearchKind } from "../../shared/discovery/tags.ts";
import { apiRequest } from "../account/api-request.ts";

/** Songs a page; people, playlists and personas shown beside them. */
export const SONGS_PAGE = 20;
export const OTHERS_SHOWN = 6;

const SONG_TYPE: Record<SearchKind, SearchType> = {
  words: "public_song",
  tag: "tag_song",
  hashtag: "hashtag_song",
  genre: "platform_genre",
};

export interface SongPage {
  readonly songs: Clip[];
  readonly total: number;
}

export interface SearchOverview extends SongPage {
  readonly users: SearchUser[];
  readonly playlists: SearchPlaylist[];
  readonly personas: Persona[];
}

const query = (name: string, search_type: SearchType, term: string, size: number, from_index = 0) => ({
  name,
  search_type,
  term,
  size,
  from_index,
  rank_by: "most_relevant" as const,
});

async function search(queries: object[], signal?: AbortSignal) {
  return (
    await apiRequest("/api/search/", searchResponseSchema, { body: { search_queries: queries }, signal })
  ).result;
}

const items = <T extends z.ZodType>(schema: T, result: { result: unknown[] } | undefined): z.infer<T>[] =>
  z.array(schema).parse(result?.result ?? []);

/** A page of songs for a search, from `from`. */
export async function searchSongPage(
  kind: SearchKind,
  term: string,
  from: number,
  signal?: AbortSignal,
): Promise<SongPage> {
  const result = await search([query("songs", SONG_TYPE[kind], term, SONGS_PAGE, from)], signal);
  return { songs: items(clipSchema, result.songs), total: result.songs?.total_hits ?? 0 };
}

/** A word search's first page: songs, and the people, playlists and personas that match. */
export async function searchOverview(term: string, signal?: AbortSignal): Promise<SearchOverview> {
  const result = await search(
    [
      query("songs", "public_song", term, SONGS_PAGE),
      query("users", "user", term, OTHERS_SHOWN),
      query("playlists", "playlist", term, OTHERS_SHOWN),
      query("personas", "public_persona", term, OTHERS_SHOWN),
    ],
    signal,
  );
  return {
    songs: items(clipSchema, result.songs),
    total: result.songs?.total_hits ?? 0,
    users: items(searchUserSchema, result.users),
    playlists: items(searchPlaylistSchema, result.playlists),
    personas: items(personaSchema, result.personas),
  };
}

import { type Kysely, sql } from "kysely";
import type { SearchPlaylist, SearchUser } from "../../shared/api/search.ts";
import { likeContaining } from "../clips/clip-kinds.ts";
import type { Database } from "../db/schema.ts";
import { searchWindow } from "../db/scoped-search.ts";
import { trigram } from "../db/trigram.ts";
import { discoverable } from "./discoverable.ts";

interface Window {
  readonly term: string;
  readonly offset: number;
  readonly limit: number;
}

/**
 * Users by handle or display name: containing the term, or close to it (trigrams, for typos); the
 * exact handle first, then the closest, then those with the most public songs.
 */
export async function searchUsers(
  db: Kysely<Database>,
  search: Window,
): Promise<{ users: SearchUser[]; total: number }> {
  const term = search.term.toLowerCase();
  const trgm = await trigram(db);
  const names = sql`lower(users.handle || ' ' || users.display_name)`;
  let base = db
    .selectFrom("users")
    .select([
      "users.id",
      "users.handle",
      "users.display_name",
      sql<number>`(select count(*) from clips where clips.user_id = users.id and ${discoverable})::int`.as(
        "song_count",
      ),
    ]);
  if (term)
    base = base.where(
      sql<boolean>`(${names} like ${likeContaining(term)} or ${trgm.wordSimilar(term, names)})`,
    );
  const ordered = term
    ? base
        .orderBy(sql`lower(users.handle) = ${term}`, "desc")
        .orderBy(trgm.wordSimilarity(term, names), "desc")
    : base;
  const { rows, total } = await searchWindow(
    base,
    ordered.orderBy("song_count", "desc").orderBy("users.id"),
    search,
  );
  return { users: rows, total };
}

/** Public playlists by name, the closest first, then the fullest. */
export async function searchPublicPlaylists(
  db: Kysely<Database>,
  search: Window,
): Promise<{ playlists: SearchPlaylist[]; total: number }> {
  const term = search.term.toLowerCase();
  const trgm = await trigram(db);
  const name = sql`lower(playlists.name)`;
  let base = db
    .selectFrom("playlists")
    .innerJoin("users", "users.id", "playlists.user_id")
    .select([
      "playlists.id",
      "playlists.name",
      "playlists.image_url",
      "playlists.user_id",
      "users.handle as user_handle",
      sql<number>`(select count(*) from playlist_clips pc join clips on clips.id = pc.clip_id
        where pc.playlist_id = playlists.id and ${discoverable})::int`.as("num_total_results"),
    ])
    .where("playlists.is_public", "=", true)
    .where("playlists.is_trashed", "=", false);
  if (term)
    base = base.where(sql<boolean>`(${name} like ${likeContaining(term)} or ${trgm.similar(name, term)})`);
  const ordered = term ? base.orderBy(trgm.similarity(name, term), "desc") : base;
  const { rows, total } = await searchWindow(
    base,
    ordered.orderBy("num_total_results", "desc").orderBy("playlists.id"),
    search,
  );
  return {
    playlists: rows.map((row) => ({ ...row, image_url: row.image_url ?? null })),
    total,
  };
}

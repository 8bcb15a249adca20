import { type Kysely, type Selectable, sql } from "kysely";
import { pageInfo } from "../../shared/api/paged.ts";
import {
  DEFAULT_PLAYLIST_NAME,
  type MyPlaylistsQuery,
  type MyPlaylistsResponse,
  PLAYLIST_CLIPS_MAX,
  PLAYLIST_NOT_FOUND,
  PLAYLIST_PAGE_SIZE,
  type PlaylistSummary,
  SHARELIST_NAME,
  type UpdatePlaylistClipsBody,
} from "../../shared/api/playlists.ts";
import { CLIP_NOT_FOUND, findVisibleClips } from "../clips/clip-repository.ts";
import type { PlaylistsTable } from "../db/library-tables.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { findSharelist } from "./sharelist.ts";

type PlaylistRow = Selectable<PlaylistsTable>;

const iso = (value: unknown) => (value as Date).toISOString();

/** The playlists as the picker reads them, each with its songs the viewer may see, in order. */
async function summaries(
  db: Kysely<Database>,
  viewerId: string,
  playlists: readonly PlaylistRow[],
): Promise<PlaylistSummary[]> {
  if (playlists.length === 0) return [];
  const entries = await db
    .selectFrom("playlist_clips")
    .innerJoin("clips", "clips.id", "playlist_clips.clip_id")
    .select(["playlist_clips.playlist_id", "clips.id", "clips.user_id"])
    .where(
      "playlist_clips.playlist_id",
      "in",
      playlists.map((playlist) => playlist.id),
    )
    .where(sql<boolean>`(clips.user_id = ${viewerId} or (clips.is_public and not clips.is_trashed))`)
    .orderBy("playlist_clips.position")
    .execute();
  return playlists.map((playlist) => {
    const clips = entries
      .filter((entry) => entry.playlist_id === playlist.id)
      .map((entry) => ({ clip: { id: entry.id, user_id: entry.user_id } }));
    return {
      id: playlist.id,
      name: playlist.name,
      image_url: playlist.image_url,
      user_id: playlist.user_id,
      is_owned: playlist.user_id === viewerId,
      is_public: playlist.is_public,
      num_total_results: clips.length,
      playlist_clips: clips,
      created_at: iso(playlist.created_at),
      updated_at: iso(playlist.updated_at),
    };
  });
}

export async function createPlaylist(db: Kysely<Database>, userId: string, name: string | null | undefined) {
  const row = await db
    .insertInto("playlists")
    .values({ user_id: userId, name: name || DEFAULT_PLAYLIST_NAME })
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await summaries(db, userId, [row]))[0] as PlaylistSummary;
}

/** Whether a playlist's name holds the query, whatever the case (no query: every name). */
const nameMatches = (name: string, query: string | undefined) =>
  !query || name.toLowerCase().includes(query.toLowerCase());

/** The user's playlists, last changed first; `query` narrows to names containing it. */
export async function findMyPlaylists(
  db: Kysely<Database>,
  userId: string,
  window: { offset: number; limit: number; query?: string; trashed?: boolean },
): Promise<{ playlists: PlaylistSummary[]; total: number }> {
  let base = db
    .selectFrom("playlists")
    .where("user_id", "=", userId)
    .where("is_trashed", "=", window.trashed ?? false);
  // The same rule as nameMatches.
  if (window.query) base = base.where(sql<boolean>`strpos(lower(name), lower(${window.query})) > 0`);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { playlists: await summaries(db, userId, rows), total: Number(total.count) };
}

export async function myPlaylists(
  db: Kysely<Database>,
  userId: string,
  request: MyPlaylistsQuery,
): Promise<MyPlaylistsResponse> {
  const { page, query, show_trashed: trashed } = request;
  const offset = (page - 1) * PLAYLIST_PAGE_SIZE;
  const found = await findMyPlaylists(db, userId, { offset, limit: PLAYLIST_PAGE_SIZE, query, trashed });
  const withSharelist =
    request.show_sharelist && !trashed && page === 1 && nameMatches(SHARELIST_NAME, query);
  const playlists = withSharelist ? [await findSharelist(db, userId), ...found.playlists] : found.playlists;
  return { playlists, ...pageInfo(found.total, page, PLAYLIST_PAGE_SIZE) };
}

/**
 * Adds songs at the end (those already there keep their place) or removes them. The playlist row
 * is locked for the change, so concurrent adds get distinct positions.
 */
export async function updatePlaylistClips(
  db: Kysely<Database>,
  userId: string,
  body: UpdatePlaylistClipsBody,
): Promise<PlaylistSummary> {
  const clipIds = [...new Set(body.metadata.clip_ids)];
  if (body.update_type === "add") {
    const visible = await findVisibleClips(db, userId, clipIds);
    if (visible.length !== clipIds.length) throw notFound(CLIP_NOT_FOUND);
  }
  const playlist = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("playlists")
      .selectAll()
      .where("id", "=", body.playlist_id)
      .where("is_trashed", "=", false)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.user_id !== userId && !row.is_public)) throw notFound(PLAYLIST_NOT_FOUND);
    if (row.user_id !== userId) throw forbidden("Only the playlist's owner may change its songs");
    if (body.update_type === "remove_by_id") {
      await trx
        .deleteFrom("playlist_clips")
        .where("playlist_id", "=", row.id)
        .where("clip_id", "in", clipIds)
        .execute();
    } else {
      const present = await trx
        .selectFrom("playlist_clips")
        .select(["clip_id", "position"])
        .where("playlist_id", "=", row.id)
        .execute();
      const have = new Set(present.map((entry) => entry.clip_id));
      const added = clipIds.filter((id) => !have.has(id));
      if (present.length + added.length > PLAYLIST_CLIPS_MAX) {
        throw badRequest(`A playlist holds at most ${PLAYLIST_CLIPS_MAX} songs`);
      }
      const last = present.reduce((max, entry) => Math.max(max, entry.position), -1);
      if (added.length > 0) {
        await trx
          .insertInto("playlist_clips")
          .values(
            added.map((clipId, index) => ({
              playlist_id: row.id,
              clip_id: clipId,
              position: last + 1 + index,
            })),
          )
          .execute();
      }
    }
    return trx
      .updateTable("playlists")
      .set({ updated_at: sql`now()` })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return (await summaries(db, userId, [playlist]))[0] as PlaylistSummary;
}

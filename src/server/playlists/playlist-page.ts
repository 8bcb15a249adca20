import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { pageInfo } from "../../shared/api/paged.ts";
import type { PlaylistDetail } from "../../shared/api/playlist-page.ts";
import { DEFAULT_PLAYLIST_NAME, PLAYLIST_NOT_FOUND, PLAYLIST_PAGE_SIZE } from "../../shared/api/playlists.ts";
import { selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { PlaylistsTable } from "../db/library-tables.ts";
import type { Database } from "../db/schema.ts";
import { forbidden, notFound } from "../http/errors.ts";

type PlaylistRow = Selectable<PlaylistsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Covers the page's mosaic shows. */
const MOSAIC_COVERS = 4;

/**
 * The playlist if the viewer may open it: not trashed, and public or theirs; else a 404 that tells
 * nothing. With `ownersTrash` its owner opens it from the trash too (to restore it).
 */
export async function openablePlaylist(
  db: Db,
  viewerId: string | null,
  playlistId: string,
  { ownersTrash = false } = {},
): Promise<PlaylistRow> {
  const row = await db.selectFrom("playlists").selectAll().where("id", "=", playlistId).executeTakeFirst();
  const owned = row !== undefined && row.user_id === viewerId;
  const open = row !== undefined && (owned || row.is_public) && (!row.is_trashed || (owned && ownersTrash));
  if (!open) throw notFound(PLAYLIST_NOT_FOUND);
  return row;
}

/**
 * Moves the owner's playlist to the trash, or out of it (`trashed` false). A trashed playlist is
 * gone for everyone else (404, as one that never was); another's open playlist is 403.
 */
export async function setPlaylistTrashed(
  db: Kysely<Database>,
  userId: string,
  playlistId: string,
  trashed: boolean,
): Promise<void> {
  await ownedPlaylist(db, userId, playlistId, { ownersTrash: true });
  await touched(db, playlistId).set({ is_trashed: trashed }).execute();
}

/** The playlist for a change only its owner may make: others who may open it get 403. */
async function ownedPlaylist(
  db: Db,
  userId: string,
  playlistId: string,
  options: { readonly ownersTrash?: boolean } = {},
): Promise<PlaylistRow> {
  const row = await openablePlaylist(db, userId, playlistId, options);
  if (row.user_id !== userId) throw forbidden("Only the playlist's owner may change it");
  return row;
}

/** The playlist's songs the viewer may hear, in its order: another's private or trashed ones are left out. */
const visibleSongs = (db: Db, viewerId: string | null, playlistId: string) =>
  selectClips(db as Kysely<Database>, viewerId)
    .innerJoin("playlist_clips", "playlist_clips.clip_id", "clips.id")
    .where("playlist_clips.playlist_id", "=", playlistId)
    .where(visibleTo(viewerId))
    .where("clips.is_trashed", "=", false)
    .orderBy("playlist_clips.position")
    .execute();

export async function playlistDetail(
  db: Kysely<Database>,
  viewerId: string | null,
  playlistId: string,
  page: number,
): Promise<PlaylistDetail> {
  const playlist = await openablePlaylist(db, viewerId, playlistId, { ownersTrash: true });
  const [songs, owner, likes] = await Promise.all([
    visibleSongs(db, viewerId, playlistId),
    db
      .selectFrom("users")
      .select(["handle", "display_name"])
      .where("id", "=", playlist.user_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("playlist_reactions")
      .select([
        (eb) => eb.fn.countAll<number>().as("count"),
        sql<boolean>`coalesce(bool_or(user_id = ${viewerId}), false)`.as("mine"),
      ])
      .where("playlist_id", "=", playlistId)
      .executeTakeFirstOrThrow(),
  ]);
  const start = (page - 1) * PLAYLIST_PAGE_SIZE;
  const covers = songs.flatMap((row) => clipMediaUrl(row.id, "image", row.image_key) ?? []);
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    image_url: playlist.image_url,
    user_id: playlist.user_id,
    user_handle: owner.handle,
    user_display_name: owner.display_name,
    is_owned: playlist.user_id === viewerId,
    is_public: playlist.is_public,
    is_trashed: playlist.is_trashed,
    is_liked: viewerId !== null && Boolean(likes.mine),
    upvote_count: Number(likes.count),
    play_count: playlist.play_count,
    total_duration: songs.reduce((sum, row) => sum + ((row.metadata as ClipMetadata).duration ?? 0), 0),
    cover_urls: [...new Set(covers)].slice(0, MOSAIC_COVERS),
    playlist_clips: songs.slice(start, start + PLAYLIST_PAGE_SIZE).map((row, at) => ({
      clip: clipView(row, viewerId),
      relative_index: start + at,
    })),
    created_at: (playlist.created_at as unknown as Date).toISOString(),
    updated_at: (playlist.updated_at as unknown as Date).toISOString(),
    ...pageInfo(songs.length, page, PLAYLIST_PAGE_SIZE),
  };
}

const touched = (db: Db, playlistId: string) =>
  db.updateTable("playlists").set({ updated_at: sql`now()` }).where("id", "=", playlistId);

export async function renamePlaylist(db: Kysely<Database>, userId: string, playlistId: string, name: string) {
  await ownedPlaylist(db, userId, playlistId);
  await touched(db, playlistId)
    .set({ name: name || DEFAULT_PLAYLIST_NAME })
    .execute();
}

export async function setPlaylistVisibility(
  db: Kysely<Database>,
  userId: string,
  playlistId: string,
  isPublic: boolean,
) {
  await ownedPlaylist(db, userId, playlistId);
  await touched(db, playlistId).set({ is_public: isPublic }).execute();
}

/**
 * Moves a song to `index` of the list the owner sees (songs of others gone private keep their place
 * among the rest). The playlist row is locked, so two moves at once do not interleave.
 */
export async function reorderPlaylist(
  db: Kysely<Database>,
  userId: string,
  playlistId: string,
  move: { readonly clipId: string; readonly index: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownedPlaylist(trx, userId, playlistId);
    await trx.selectFrom("playlists").select("id").where("id", "=", playlistId).forUpdate().execute();
    const entries = await trx
      .selectFrom("playlist_clips")
      .select("clip_id")
      .where("playlist_id", "=", playlistId)
      .orderBy("position")
      .execute();
    const all = entries.map((entry) => entry.clip_id);
    if (!all.includes(move.clipId)) throw notFound("That song is not in this playlist");
    const visible = new Set((await visibleSongs(trx, userId, playlistId)).map((row) => row.id));
    const rest = all.filter((id) => id !== move.clipId);
    const anchor = rest.filter((id) => visible.has(id))[move.index];
    const at = anchor === undefined ? rest.length : rest.indexOf(anchor);
    rest.splice(at, 0, move.clipId);
    const values = sql.join(rest.map((id, position) => sql`(${id}::uuid, ${position}::integer)`));
    await sql`update playlist_clips set position = v.position from (values ${values}) as v(clip_id, position)
      where playlist_clips.playlist_id = ${playlistId} and playlist_clips.clip_id = v.clip_id`.execute(trx);
    await touched(trx, playlistId).execute();
  });
}

/** Likes the playlist (or takes the like back); anyone who may open it, once each. */
export async function setPlaylistReaction(
  db: Kysely<Database>,
  userId: string,
  playlistId: string,
  liked: boolean,
): Promise<{ is_liked: boolean; upvote_count: number }> {
  await openablePlaylist(db, userId, playlistId);
  if (liked) {
    await db
      .insertInto("playlist_reactions")
      .values({ playlist_id: playlistId, user_id: userId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("playlist_reactions")
      .where("playlist_id", "=", playlistId)
      .where("user_id", "=", userId)
      .execute();
  }
  const { count } = await db
    .selectFrom("playlist_reactions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("playlist_id", "=", playlistId)
    .executeTakeFirstOrThrow();
  return { is_liked: liked, upvote_count: Number(count) };
}

/** A play started from the playlist: counted when the song is one of its songs the listener may hear. */
export async function incrementPlaylistPlayCount(
  db: Kysely<Database>,
  viewerId: string | null,
  playlistId: string,
  clipId: string,
): Promise<{ play_count: number }> {
  await openablePlaylist(db, viewerId, playlistId);
  const songs = await visibleSongs(db, viewerId, playlistId);
  if (!songs.some((row) => row.id === clipId)) throw notFound("That song is not in this playlist");
  const row = await db
    .updateTable("playlists")
    .set((eb) => ({ play_count: eb("play_count", "+", 1) }))
    .where("id", "=", playlistId)
    .returning("play_count")
    .executeTakeFirstOrThrow();
  return { play_count: row.play_count };
}

import { type Kysely, sql } from "kysely";
import type { AutoplayResponse } from "../../shared/api/autoplay.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { styleTags } from "../../shared/library/style-tags.ts";
import { type ClipViewRow, findVisibleClips, selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { keyOf, rankBySimilarity, type SongTraits } from "./song-similarity.ts";

/** Songs weighed for similarity in one call: the most played the listener may hear. */
const CANDIDATE_POOL = 500;

/** What the similarity ranking reads of a clip row. */
export function traitsOf(row: ClipViewRow): SongTraits {
  const metadata = row.metadata as ClipMetadata;
  return {
    tags: styleTags(metadata.tags),
    personaId: row.persona_id ?? metadata.persona_id ?? null,
    bpm: metadata.avg_bpm ?? null,
    key: keyOf(metadata.tags),
  };
}

/** Finished songs the viewer may hear, not trashed, none of `excluded`; most played first. */
export function listenableClips(db: Kysely<Database>, viewerId: string | null, excluded: readonly string[]) {
  let query = selectClips(db, viewerId)
    .where(visibleTo(viewerId))
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "=", "complete")
    .where("clips.audio_key", "is not", null);
  const ids = excluded.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length > 0) query = query.where("clips.id", "not in", ids);
  return query.orderBy("clips.play_count", "desc").orderBy("clips.created_at", "desc").orderBy("clips.id");
}

const listenable = (row: ClipViewRow) =>
  row.status === "complete" && !row.is_trashed && row.audio_key !== null;

/** The songs of a playlist the viewer may open, in its order; none when it is hidden from them. */
async function playlistSongs(db: Kysely<Database>, viewerId: string | null, playlistId: string) {
  const entries = await db
    .selectFrom("playlist_clips")
    .innerJoin("playlists", "playlists.id", "playlist_clips.playlist_id")
    .select("playlist_clips.clip_id")
    .where("playlists.id", "=", playlistId)
    .where("playlists.is_trashed", "=", false)
    .where(
      viewerId
        ? sql<boolean>`(playlists.is_public or playlists.user_id = ${viewerId})`
        : sql<boolean>`playlists.is_public`,
    )
    .orderBy("playlist_clips.position")
    .execute();
  return (
    await findVisibleClips(
      db,
      viewerId,
      entries.map((entry) => entry.clip_id),
    )
  ).filter(listenable);
}

export interface AutoplayAsk {
  readonly clipId: string | null;
  readonly playlistId: string | null;
  readonly query: string | null;
  readonly excluded: readonly string[];
  readonly pageSize: number;
}

/**
 * More songs for a queue: the playlist's songs not yet queued, then songs matching the search it
 * came from, then the songs most like its current song, then the most played ones.
 */
export async function autoplaySongs(
  db: Kysely<Database>,
  viewerId: string | null,
  ask: AutoplayAsk,
): Promise<AutoplayResponse> {
  const excluded = new Set(ask.excluded);
  if (ask.clipId) excluded.add(ask.clipId);
  const picked: ClipViewRow[] = [];
  const take = (rows: readonly ClipViewRow[]) => {
    for (const row of rows) {
      if (picked.length >= ask.pageSize) return;
      if (excluded.has(row.id)) continue;
      excluded.add(row.id);
      picked.push(row);
    }
  };
  if (ask.playlistId) take(await playlistSongs(db, viewerId, ask.playlistId));
  if (picked.length < ask.pageSize && ask.query) {
    take(
      await listenableClips(db, viewerId, [...excluded])
        .where(sql<boolean>`strpos(clips.search_text, lower(${ask.query})) > 0`)
        .limit(ask.pageSize)
        .execute(),
    );
  }
  if (picked.length < ask.pageSize) {
    const pool = await listenableClips(db, viewerId, [...excluded])
      .limit(CANDIDATE_POOL)
      .execute();
    const [seed] = ask.clipId ? await findVisibleClips(db, viewerId, [ask.clipId]) : [];
    take(seed === undefined ? pool : rankBySimilarity(traitsOf(seed), pool, traitsOf));
  }
  return { clips: picked.map((row) => clipView(row, viewerId)) };
}

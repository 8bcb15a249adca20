import { type Kysely, sql } from "kysely";
import { type PlaylistSummary, SHARELIST_ID, SHARELIST_NAME } from "../../shared/api/playlists.ts";
import type { Database } from "../db/schema.ts";

/**
 * The sharelist: the songs friends sent the viewer with Share with friends, the last shared first.
 * Each share is kept as the viewer's share_clip notification (dismissing it hides the notice, not
 * the song), so no table of its own is needed. Only songs the viewer may still see are listed: their
 * own, or public and untrashed; a song in error or from someone the viewer blocked never arrived.
 * The list is the viewer's, but not one they made: not owned, never public.
 */
export async function findSharelist(db: Kysely<Database>, viewerId: string): Promise<PlaylistSummary> {
  const { rows } = await sql<{ id: string; user_id: string; shared_at: Date }>`
    select clips.id, clips.user_id, max(n.updated_at) as shared_at
    from notifications n
    join clips on n.group_key = 'share_clip:' || clips.id::text
    where n.user_id = ${viewerId} and n.notification_type = 'share_clip'
      and clips.status <> 'error'
      and (clips.user_id = ${viewerId} or (clips.is_public and not clips.is_trashed))
    group by clips.id, clips.user_id
    order by shared_at desc, clips.id desc`.execute(db);
  const newest = rows[0]?.shared_at;
  const oldest = rows[rows.length - 1]?.shared_at;
  return {
    id: SHARELIST_ID,
    name: SHARELIST_NAME,
    image_url: null,
    user_id: viewerId,
    is_owned: false,
    is_public: false,
    num_total_results: rows.length,
    playlist_clips: rows.map((row) => ({ clip: { id: row.id, user_id: row.user_id } })),
    // An empty sharelist has no time of its own: it is as new as the answer.
    created_at: (oldest ?? new Date()).toISOString(),
    updated_at: (newest ?? new Date()).toISOString(),
  };
}

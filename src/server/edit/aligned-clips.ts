import { type Kysely, sql } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { AlignedClipsQuery, Alignment } from "../../shared/api/edit.ts";
import { type ClipViewRow, findVisibleClip, selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { alignmentOf, type ClipAlignment, matchesQuery, sameAlignment } from "./clip-alignment.ts";

/** Versions looked at per lookup: far more than one song's takes of a section. */
const CANDIDATES_MAX = 500;

/** The viewer's visible clips made after `historyId` or before `futureId` (not trashed, not failed), newest first. */
function candidates(db: Kysely<Database>, viewerId: string, ids: { history?: string; future?: string }) {
  const named = [ids.history, ids.future].filter((id): id is string => id !== undefined);
  return selectClips(db, viewerId)
    .where(visibleTo(viewerId))
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "!=", "error")
    .where((eb) =>
      eb.or(
        named.flatMap((id) => [
          eb(sql<string>`clips.metadata->'history'->0->>'id'`, "=", id),
          eb(sql<string>`clips.metadata->>'override_history_clip_id'`, "=", id),
          eb(sql<string>`clips.metadata->>'override_future_clip_id'`, "=", id),
        ]),
      ),
    )
    .orderBy("clips.created_at", "desc")
    .limit(CANDIDATES_MAX)
    .execute();
}

const aligned = (row: ClipViewRow, alignment: ClipAlignment, viewerId: string): Alignment => ({
  clip: clipView(row, viewerId),
  ...alignment,
});

/** GET /api/clips/aligned_clips: the viewer's clips lining up with the history and future clips asked for. */
export async function alignedClips(
  db: Kysely<Database>,
  viewerId: string,
  query: AlignedClipsQuery,
): Promise<Alignment[]> {
  const rows = await candidates(db, viewerId, {
    history: query.history_clip_id,
    future: query.future_clip_id,
  });
  return rows.flatMap((row) => {
    const alignment = alignmentOf(row.metadata as ClipMetadata);
    return alignment && matchesQuery(alignment, query) ? [aligned(row, alignment, viewerId)] : [];
  });
}

/** GET /api/clips/aligned_clip_siblings: the other clips lining up as this one does (none when it follows no clip). */
export async function alignedClipSiblings(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
): Promise<Alignment[]> {
  const clip = await findVisibleClip(db, viewerId, clipId);
  const own = alignmentOf(clip.metadata as ClipMetadata);
  if (!own) return [];
  const rows = await candidates(db, viewerId, {
    history: own.history_clip_id ?? undefined,
    future: own.future_clip_id ?? undefined,
  });
  return rows.flatMap((row) => {
    if (row.id === clip.id) return [];
    const alignment = alignmentOf(row.metadata as ClipMetadata);
    return alignment && sameAlignment(alignment, own) ? [aligned(row, alignment, viewerId)] : [];
  });
}

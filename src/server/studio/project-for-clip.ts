import type { ProjectForClip } from "../../shared/api/studio.ts";
import { CLIP_NOT_READY } from "../../shared/api/studio.ts";
import {
  DEFAULT_BPS,
  DEFAULT_CLIP_LENGTH_BEATS,
  DEFAULT_CLIP_NAME,
  DEFAULT_PROJECT_TITLE,
  DEFAULT_TRACK_NAME,
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../shared/project/index.ts";
import { CLIP_NOT_FOUND, visibleTo } from "../clips/clip-repository.ts";
import { conflict, notFound } from "../http/errors.ts";
import { type Db, insertProject, jsonbState } from "./project-store.ts";

/** Tempos a song's measured BPM may set; outside them the measurement is not trusted. */
const BPM_RANGE = { min: 30, max: 300 } as const;

export interface SourceClip {
  readonly id: string;
  readonly title: string;
  readonly metadata: Record<string, unknown>;
}

const positive = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/** The song's own tempo when it is known, so the grid and metronome fall on its beats. */
function tempoOf(metadata: Record<string, unknown>): number {
  const bpm = positive(metadata.avg_bpm);
  return bpm !== null && bpm >= BPM_RANGE.min && bpm <= BPM_RANGE.max ? bpm / 60 : DEFAULT_BPS;
}

/**
 * A project holding the song on one track from beat 0, as long as the song at the project's tempo
 * (960 beats when its duration is not known yet). The track is selected.
 */
export function projectStateForClip(clip: SourceClip): StudioProjectState {
  const bps = tempoOf(clip.metadata);
  const seconds = positive(clip.metadata.duration);
  const title = clip.title.trim();
  const track = newTrack({
    name: title || DEFAULT_TRACK_NAME,
    clips: [
      newClip({
        clipId: clip.id,
        name: title || DEFAULT_CLIP_NAME,
        startBeats: 0,
        endBeats: seconds === null ? DEFAULT_CLIP_LENGTH_BEATS : seconds * bps,
      }),
    ],
  });
  return newProjectState({
    title: title || DEFAULT_PROJECT_TITLE,
    timing: { type: "manual", bps },
    tracks: [track],
    selection: { trackIds: [track.id], focusedTrackId: track.id },
  });
}

const READY = new Set(["streaming", "complete"]);

/**
 * The caller's project for a song they can see (their own, or public and not trashed): the one made
 * before, else a new one. A song still generating, or failed, cannot be placed yet.
 */
export async function createOrLoadProjectForClip(
  db: Db,
  userId: string,
  clipId: string,
): Promise<ProjectForClip> {
  const clip = await db
    .selectFrom("clips")
    .select(["id", "title", "status", "metadata"])
    .where("id", "=", clipId)
    .where(visibleTo(userId))
    .executeTakeFirst();
  if (!clip) throw notFound(CLIP_NOT_FOUND);
  const existing = () =>
    db
      .selectFrom("studio_projects")
      .select(["id", "title", "latest_version_id"])
      .where("user_id", "=", userId)
      .where("source_clip_id", "=", clipId)
      .executeTakeFirst();
  const found = await existing();
  if (found?.latest_version_id) {
    return { id: found.id, title: found.title, version_id: found.latest_version_id, created: false };
  }
  if (!READY.has(clip.status)) throw conflict(CLIP_NOT_READY);
  const state = projectStateForClip(clip);
  const created = await db
    .transaction()
    .execute((trx) =>
      insertProject(trx, { userId, title: state.title, state: jsonbState(state), sourceClipId: clip.id }),
    );
  if (created) return { ...created, created: true };
  // A concurrent request for the same song made it first: answer with that one.
  const made = await existing();
  if (!made?.latest_version_id) throw new Error("The project for this clip vanished");
  return { id: made.id, title: made.title, version_id: made.latest_version_id, created: false };
}

import type { ProjectForClip } from "../../shared/api/studio.ts";
import { CLIP_NOT_READY } from "../../shared/api/studio.ts";
import { projectStateForClip } from "../../shared/project/index.ts";
import { CLIP_NOT_FOUND, visibleTo } from "../clips/clip-repository.ts";
import { conflict, notFound } from "../http/errors.ts";
import { type Db, insertProject, jsonbState } from "./project-store.ts";

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

import type { Kysely } from "kysely";
import { WORKSPACE_NOT_FOUND, type WorkspaceSummary } from "../../shared/api/workspaces.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { findMembership } from "./members.ts";
import { defaultWorkspace, summary } from "./workspace-store.ts";

/**
 * GET /api/clips/{clip_id}/project: the workspace a clip is in, the default one when it was never
 * moved. Workspaces are their members': another viewer of a public clip learns nothing of them (the
 * same 404 as a clip they cannot see).
 */
export async function workspaceOfClip(
  db: Kysely<Database>,
  userId: string,
  clipId: string,
): Promise<WorkspaceSummary> {
  const clip = await findVisibleClip(db, userId, clipId);
  if (clip.user_id !== userId) throw notFound(WORKSPACE_NOT_FOUND);
  if (clip.project_id === null) return defaultWorkspace(db, userId);
  const found = await findMembership(db, userId, clip.project_id, { trashedToo: true });
  if (!found) throw notFound(WORKSPACE_NOT_FOUND);
  return summary(db, found.row);
}

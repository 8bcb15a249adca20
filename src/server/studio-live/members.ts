import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.ts";
import { workspaceRole } from "../workspaces/members.ts";

/**
 * Whether a user may edit a studio project live (and so save its merged state). Injected, so that
 * workspace membership can widen it: collaborators of the workspace a project belongs to.
 */
export type StudioProjectMembers = (
  db: Kysely<Database>,
  projectId: string,
  userId: string,
) => Promise<boolean>;

/**
 * The owner, and, once the owner marks the project shared, the members (owner and collaborators) of
 * the workspace its song lives in: a project opened for a song of a shared workspace is edited live
 * by the people the song is shared with. A project of the default workspace, or not marked shared,
 * stays its owner's alone.
 */
export const workspaceMembers: StudioProjectMembers = async (db, projectId, userId) => {
  const project = await db
    .selectFrom("studio_projects")
    .leftJoin("clips", "clips.id", "studio_projects.source_clip_id")
    .select(["studio_projects.user_id", "studio_projects.is_shared", "clips.project_id"])
    .where("studio_projects.id", "=", projectId)
    .executeTakeFirst();
  if (!project) return false;
  if (project.user_id === userId) return true;
  if (!project.is_shared || project.project_id === null) return false;
  return (await workspaceRole(db, project.project_id, userId)) !== null;
};

/**
 * The workspace a studio project's new songs join: the one its song lives in, when the caller may
 * edit the project and belongs to that workspace; otherwise none (the caller's default workspace).
 */
export async function studioProjectWorkspace(
  db: Kysely<Database>,
  projectId: string | null | undefined,
  userId: string,
): Promise<string | null> {
  // The id comes from a request's free-text metadata: anything but a uuid names no project.
  const id = z.uuid().safeParse(projectId);
  if (!id.success) return null;
  const project = await db
    .selectFrom("studio_projects")
    .innerJoin("clips", "clips.id", "studio_projects.source_clip_id")
    .select("clips.project_id")
    .where("studio_projects.id", "=", id.data)
    .executeTakeFirst();
  const workspaceId = project?.project_id ?? null;
  if (workspaceId === null || !(await workspaceMembers(db, id.data, userId))) return null;
  return (await workspaceRole(db, workspaceId, userId)) === null ? null : workspaceId;
}

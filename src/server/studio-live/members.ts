import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Whether a user may edit a studio project live (and so save its merged state). Injected, so that
 * workspace membership can widen it: collaborators of the workspace a project belongs to.
 */
export type StudioProjectMembers = (
  db: Kysely<Database>,
  projectId: string,
  userId: string,
) => Promise<boolean>;

/** Without workspaces wired in: the owner only (the same person in several browsers or devices). */
export const ownerOnlyMembers: StudioProjectMembers = async (db, projectId, userId) =>
  (await db
    .selectFrom("studio_projects")
    .select("id")
    .where("id", "=", projectId)
    .where("user_id", "=", userId)
    .executeTakeFirst()) !== undefined;

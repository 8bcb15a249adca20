import { type Kysely, sql } from "kysely";
import type { UpdateWorkspaceClipsBody, WorkspaceSummary } from "../../shared/api/workspaces.ts";
import { CLIP_NOT_FOUND } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { memberWorkspace } from "./members.ts";
import { defaultWorkspace, summary, workspaceKey } from "./workspace-store.ts";

export interface WorkspaceClipsChange {
  readonly clipIds: readonly string[];
  /** The workspaces whose clips changed (null: the default one), for realtime updates. */
  readonly touched: readonly (string | null)[];
  readonly workspace: WorkspaceSummary;
}

/**
 * POST /api/project/{id}/clips, in one transaction with the workspaces and clips locked. Members
 * (the owner and collaborators) change a workspace; anyone else gets 404. Each member adds and
 * moves only their own clips; any member removes or pins any clip of the workspace (a removed clip
 * goes back to its owner's default workspace).
 */
export async function updateWorkspaceClips(
  db: Kysely<Database>,
  userId: string,
  id: string,
  body: UpdateWorkspaceClipsBody,
): Promise<WorkspaceClipsChange> {
  const clipIds = [...new Set(body.metadata.clip_ids)];
  const key = workspaceKey(id);
  const result = await db.transaction().execute(async (trx) => {
    const workspace = key === null ? null : (await memberWorkspace(trx, userId, key, { lock: true })).row;
    if (key === null && (body.update_type === "remove" || body.update_type === "pinned")) {
      throw badRequest(
        `Clips cannot be ${body.update_type === "remove" ? "removed from" : "pinned in"} the default workspace`,
      );
    }
    let target: string | null = key;
    if (body.update_type === "move") {
      target = workspaceKey(body.metadata.target_project_id);
      if (target !== null) await memberWorkspace(trx, userId, target, { lock: true });
    } else if (body.update_type === "remove") {
      target = null;
    }
    const ownOnly = body.update_type === "add" || body.update_type === "move" || key === null;
    let query = trx.selectFrom("clips").select(["id", "project_id"]).where("id", "in", clipIds);
    query = ownOnly ? query.where("user_id", "=", userId) : query.where("project_id", "=", key);
    const clips = await query.forUpdate().execute();
    if (clips.length !== clipIds.length) {
      throw notFound(ownOnly ? CLIP_NOT_FOUND : "Clip not found in this workspace");
    }
    if (body.update_type !== "add" && clips.some((clip) => clip.project_id !== key)) {
      throw notFound("Clip not found in this workspace");
    }
    const touched = new Set<string | null>([key, target]);
    if (body.update_type === "pinned") {
      if (body.metadata.pinned) {
        await trx
          .insertInto("workspace_pins")
          .values(clipIds.map((clipId) => ({ workspace_id: key as string, clip_id: clipId })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom("workspace_pins")
          .where("workspace_id", "=", key as string)
          .where("clip_id", "in", clipIds)
          .execute();
      }
    } else {
      for (const clip of clips) touched.add(clip.project_id);
      const moving = clips.filter((clip) => clip.project_id !== target).map((clip) => clip.id);
      if (moving.length > 0) {
        await trx.updateTable("clips").set({ project_id: target }).where("id", "in", moving).execute();
        // A pin belongs to the workspace the clip leaves.
        await trx.deleteFrom("workspace_pins").where("clip_id", "in", moving).execute();
      }
    }
    const changed = [...touched].filter((workspaceId): workspaceId is string => workspaceId !== null);
    if (changed.length > 0) {
      await trx
        .updateTable("workspaces")
        .set({ updated_at: sql`now()` })
        .where("id", "in", changed)
        .execute();
    }
    const after = workspace
      ? await trx
          .selectFrom("workspaces")
          .selectAll()
          .where("id", "=", workspace.id)
          .executeTakeFirstOrThrow()
      : null;
    return { after, touched: [...touched] };
  });
  return {
    clipIds,
    touched: result.touched,
    workspace: result.after ? await summary(db, result.after) : await defaultWorkspace(db, userId),
  };
}

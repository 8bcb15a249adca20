import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { WorkspaceChangeAction } from "../../shared/api/workspace-collaboration.ts";
import {
  createWorkspaceBodySchema,
  type MyWorkspacesResponse,
  myWorkspacesQuerySchema,
  type PinnedClipsResponse,
  trashWorkspaceBodySchema,
  type UpdateWorkspaceClipsBody,
  type UpdateWorkspaceClipsResponse,
  updateWorkspaceClipsBodySchema,
  type WorkspaceResponse,
  type WorkspaceSummary,
  workspaceIdParamsSchema,
  workspaceMetadataBodySchema,
  workspaceQuerySchema,
} from "../../shared/api/workspaces.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { updateWorkspaceClips } from "../workspaces/workspace-clip-updates.ts";
import {
  createWorkspace,
  loadWorkspace,
  mayFollowWorkspace,
  myWorkspaces,
  pinnedClips,
  trashWorkspace,
  updateWorkspaceMetadata,
} from "../workspaces/workspace-store.ts";

const REALTIME_ACTIONS: Record<UpdateWorkspaceClipsBody["update_type"], WorkspaceChangeAction> = {
  add: "add_clips",
  remove: "remove_clips",
  move: "move_clips",
  pinned: "pin_clips",
};

/** The workspace calls : projects in the paths. */
export function registerWorkspaceRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.realtime.setProjectAccess((database, user, projectId) =>
    mayFollowWorkspace(database, user.id, projectId),
  );

  app.post("/api/project", async (request): Promise<WorkspaceSummary> => {
    const user = requireUser(request);
    return createWorkspace(db, user.id, parseInput(createWorkspaceBodySchema, request.body));
  });

  app.get("/api/project/me", async (request): Promise<MyWorkspacesResponse> => {
    const user = requireUser(request);
    return myWorkspaces(db, user.id, parseInput(myWorkspacesQuerySchema, request.query, "query"));
  });

  app.post("/api/project/trash", async (request): Promise<WorkspaceSummary> => {
    const user = requireUser(request);
    const body = parseInput(trashWorkspaceBodySchema, request.body);
    return trashWorkspace(db, user.id, body.project_id, body.undo_trash);
  });

  app.get("/api/project/:project_id", async (request): Promise<WorkspaceResponse> => {
    const user = requireUser(request);
    const { project_id } = parseInput(workspaceIdParamsSchema, request.params, "path");
    return loadWorkspace(db, user.id, project_id, parseInput(workspaceQuerySchema, request.query, "query"));
  });

  app.get("/api/project/:project_id/pinned-clips", async (request): Promise<PinnedClipsResponse> => {
    const user = requireUser(request);
    const { project_id } = parseInput(workspaceIdParamsSchema, request.params, "path");
    return { pinned_clips: await pinnedClips(db, user.id, project_id) };
  });

  app.post("/api/project/:project_id/metadata", async (request): Promise<WorkspaceSummary> => {
    const user = requireUser(request);
    const { project_id } = parseInput(workspaceIdParamsSchema, request.params, "path");
    return updateWorkspaceMetadata(
      db,
      user.id,
      project_id,
      parseInput(workspaceMetadataBodySchema, request.body),
    );
  });

  app.post("/api/project/:project_id/clips", async (request): Promise<UpdateWorkspaceClipsResponse> => {
    const user = requireUser(request);
    const { project_id } = parseInput(workspaceIdParamsSchema, request.params, "path");
    const body = parseInput(updateWorkspaceClipsBodySchema, request.body);
    const change = await updateWorkspaceClips(db, user.id, project_id, body);
    try {
      // The clips' workspace shows in their JSON: the owner's pages update them in place.
      const clips = (await findVisibleClips(db, user.id, change.clipIds)).map((row) =>
        clipView(row, user.id),
      );
      await app.realtime.clipsChanged(user.id, clips);
      for (const workspaceId of change.touched) {
        if (workspaceId === null) continue;
        await app.realtime.workspaceChanged({
          project: workspaceId,
          action: REALTIME_ACTIONS[body.update_type],
          userId: user.id,
          handle: user.handle,
          clipIds: change.clipIds,
        });
      }
    } catch (error) {
      app.log.error({ err: error }, "could not push workspace updates");
    }
    return { update_type: body.update_type, clip_ids: [...change.clipIds], project: change.workspace };
  });
}

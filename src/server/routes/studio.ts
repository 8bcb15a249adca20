import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  cloneRevisionBodySchema,
  createProjectQuerySchema,
  lockVersionBodySchema,
  projectForClipParamsSchema,
  projectIdParamsSchema,
  projectVersionParamsSchema,
  projectVersionsQuerySchema,
  revisionIdParamsSchema,
  SAVE_PROJECT_BODY_LIMIT_BYTES,
  type SaveProjectResponse,
  saveProjectBodySchema,
  shareProjectBodySchema,
} from "../../shared/api/studio.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { parseRequestState } from "../studio/parse-state.ts";
import { createOrLoadProjectForClip } from "../studio/project-for-clip.ts";
import { listVersions, loadProject, loadRevision, loadVersion } from "../studio/project-queries.ts";
import {
  cloneVersion,
  createProject,
  saveProject,
  setProjectShared,
  setVersionLocked,
} from "../studio/project-writes.ts";
import { warmRenderThread } from "../studio/run-render-thread.ts";

/** Studio projects: create, open, autosave (every save a kept version), lock, share and clone. */
export function registerStudioRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/studio/create-project", async (request, reply) => {
    const { title } = parseInput(createProjectQuerySchema, request.query, "query");
    const created = await createProject(db, requireUser(request).id, title);
    reply.status(201);
    return created;
  });

  app.post("/api/studio/create-or-load-project-for-clip/:clip_id", async (request, reply) => {
    const { clip_id } = parseInput(projectForClipParamsSchema, request.params, "path");
    const project = await createOrLoadProjectForClip(db, requireUser(request).id, clip_id);
    if (project.created) reply.status(201);
    return project;
  });

  app.get("/api/studio/project/:project_id", async (request) => {
    const { project_id } = parseInput(projectIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const project = await loadProject(db, user.id, project_id);
    // A studio is opening: its first render (a generation's context) should not wait for a thread.
    warmRenderThread();
    const live =
      user.flags.includes("collab-workspaces") && (await app.studioLive.mayEdit(project_id, user.id));
    return { ...project, is_live_member: live };
  });

  app.get("/api/studio/project/:project_id/versions", async (request) => {
    const { project_id } = parseInput(projectIdParamsSchema, request.params, "path");
    const page = parseInput(projectVersionsQuerySchema, request.query, "query");
    return listVersions(db, requireUser(request).id, project_id, page);
  });

  app.post("/api/studio/project/:project_id/share", async (request) => {
    const { project_id } = parseInput(projectIdParamsSchema, request.params, "path");
    const { is_shared } = parseInput(shareProjectBodySchema, request.body);
    return setProjectShared(db, requireUser(request).id, project_id, is_shared);
  });

  // A whole project state per save: Fastify's 1 MB default would refuse real songs.
  app.post(
    "/api/studio/save-project",
    { bodyLimit: SAVE_PROJECT_BODY_LIMIT_BYTES },
    async (request): Promise<SaveProjectResponse> => {
      const user = requireUser(request);
      const body = parseInput(saveProjectBodySchema, request.body);
      const versionId = await saveProject(db, user.id, {
        projectId: body.project_id,
        state: parseRequestState(body.state),
        title: body.title,
        baseVersionId: body.base_version_id,
      });
      // A page that is not live saved while others may edit the project live: the live doc takes it in.
      await app.studioLive.savedOutside({
        projectId: body.project_id,
        authorId: user.id,
        baseVersionId: body.base_version_id ?? null,
        versionId,
      });
      return { version_id: versionId };
    },
  );

  app.get("/api/studio/:project_id/version/:version_id", async (request) => {
    const { project_id, version_id } = parseInput(projectVersionParamsSchema, request.params, "path");
    return loadVersion(db, requireUser(request).id, project_id, version_id);
  });

  app.get("/api/studio/project_revision/:revision_id", async (request) => {
    const { revision_id } = parseInput(revisionIdParamsSchema, request.params, "path");
    return loadRevision(db, requireUser(request).id, revision_id);
  });

  app.post("/api/studio/project_revision/:revision_id/clone", async (request, reply) => {
    const { revision_id } = parseInput(revisionIdParamsSchema, request.params, "path");
    const { title } = parseInput(cloneRevisionBodySchema, request.body);
    const created = await cloneVersion(db, requireUser(request).id, revision_id, title);
    reply.status(201);
    return created;
  });

  app.post("/api/studio/project_revision/:revision_id/lock", async (request) => {
    const { revision_id } = parseInput(revisionIdParamsSchema, request.params, "path");
    const { is_locked } = parseInput(lockVersionBodySchema, request.body);
    return setVersionLocked(db, requireUser(request).id, revision_id, is_locked);
  });
}

import type { FastifyInstance } from "fastify";
import {
  RENDER_STATE_BODY_LIMIT_BYTES,
  type RenderStateMultitrackResponse,
  type RenderStateResponse,
  renderDownloadParamsSchema,
  renderStateBodySchema,
  renderStateMultitrackBodySchema,
} from "../../shared/api/studio-render.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { attachment, sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { parseRequestState } from "../studio/parse-state.ts";
import { checkReadableProject } from "../studio/project-queries.ts";
import {
  multitrackKey,
  type RenderDeps,
  renderMultitrack,
  renderStateToClip,
} from "../studio/render-state.ts";

/** 002 §7: the studio's server renders — a range into a song clip, every track into a zip. */
export function registerStudioRenderRoutes(app: FastifyInstance, deps: RenderDeps): void {
  const { db, storage } = deps;

  app.post(
    "/api/studio/render-state",
    { bodyLimit: RENDER_STATE_BODY_LIMIT_BYTES },
    async (request): Promise<RenderStateResponse> => {
      const user = requireUser(request);
      const body = parseInput(renderStateBodySchema, request.body);
      for (const projectId of [body.project_id, body.from_studio_project_id])
        if (projectId) await checkReadableProject(db, user.id, projectId);
      return renderStateToClip(deps, user.id, parseRequestState(body.state), body);
    },
  );

  app.post(
    "/api/studio/render-state-multitrack",
    { bodyLimit: RENDER_STATE_BODY_LIMIT_BYTES },
    async (request): Promise<RenderStateMultitrackResponse> => {
      const user = requireUser(request);
      const body = parseInput(renderStateMultitrackBodySchema, request.body);
      if (body.project_id) await checkReadableProject(db, user.id, body.project_id);
      return renderMultitrack(db, storage, user.id, parseRequestState(body.state));
    },
  );

  app.get("/api/studio/render-downloads/:render_key.zip", async (request, reply) => {
    const user = requireUser(request);
    const { render_key } = parseInput(renderDownloadParamsSchema, request.params, "path");
    return sendStored(
      storage,
      multitrackKey(user.id, render_key),
      request.headers.range,
      reply,
      attachment("Tracks", "zip"),
    );
  });
}

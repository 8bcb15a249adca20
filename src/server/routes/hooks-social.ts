import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  type HookComment,
  type HookCommentPage,
  type HookFeed,
  type HookLike,
  hookLikeBodySchema,
  hookPageQuerySchema,
  postHookCommentBodySchema,
} from "../../shared/api/hook-social.ts";
import { hookIdParamsSchema } from "../../shared/api/hooks.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { raiseHookComment, raiseHookLike } from "../notifications/hook-events.ts";
import { raiseContext } from "../notifications/raise.ts";
import {
  findVisibleHook,
  hookCommentsPage,
  hookFeedPage,
  postHookComment,
  setHookLike,
} from "../video/hook-social-store.ts";

/** The hooks feed, and likes and comments on posted hooks. */
export function registerHookSocialRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const viewerOf = (request: FastifyRequest) => request.auth?.user ?? null;
  const hookIdOf = (request: FastifyRequest) =>
    parseInput(hookIdParamsSchema, request.params, "path").hook_id;

  app.get("/api/video/hooks/feed", async (request): Promise<HookFeed> => {
    const { cursor } = parseInput(hookPageQuerySchema, request.query, "query");
    return hookFeedPage(db, viewerOf(request), cursor);
  });

  app.post("/api/video/hooks/:hook_id/like", async (request): Promise<HookLike> => {
    const hookId = hookIdOf(request);
    const user = requireUser(request);
    const { liked } = parseInput(hookLikeBodySchema, request.body);
    const like = await setHookLike(db, user, hookId, liked);
    if (liked) await raiseHookLike(raiseContext(db, request), user.id, hookId);
    return like;
  });

  app.get("/api/video/hooks/:hook_id/comments", async (request): Promise<HookCommentPage> => {
    const hookId = hookIdOf(request);
    const { cursor } = parseInput(hookPageQuerySchema, request.query, "query");
    await findVisibleHook(db, viewerOf(request), hookId);
    return hookCommentsPage(db, hookId, cursor);
  });

  app.post("/api/video/hooks/:hook_id/comments", async (request, reply): Promise<HookComment> => {
    const hookId = hookIdOf(request);
    const user = requireUser(request);
    const body = parseInput(postHookCommentBodySchema, request.body);
    const comment = await postHookComment(db, user, hookId, body);
    await raiseHookComment(raiseContext(db, request), user.id, comment.id);
    reply.status(201);
    return comment;
  });
}

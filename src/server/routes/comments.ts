import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  blockUserBodySchema,
  type Comment,
  commentIdParamsSchema,
  commentReactionBodySchema,
  commentsQuerySchema,
  postCommentBodySchema,
  repliesQuerySchema,
  reportCommentBodySchema,
} from "../../shared/api/comments.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raiseCommentLike, raiseCommentPosted, raiseContext } from "../notifications/raise.ts";
import {
  commentView,
  countComments,
  findVisibleComment,
  repliesPage,
  songCommentsPage,
} from "../social/comment-store.ts";
import { deleteComment, postComment, reactToComment } from "../social/comment-writes.ts";
import { findUserByHandle } from "../social/users.ts";

/** Comments on songs: read (anyone who may see the song), write, react, delete, report, block. */
export function registerCommentRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const viewerOf = (request: { auth?: { user: { id: string } } | null }) => request.auth?.user.id ?? null;

  app.get("/api/gen/:clip_id/comments", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const query = parseInput(commentsQuerySchema, request.query, "query");
    const viewerId = viewerOf(request);
    await findVisibleClip(db, viewerId, clip_id);
    return songCommentsPage(db, viewerId, clip_id, query);
  });

  app.get("/api/gen/:clip_id/comments/count", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const viewerId = viewerOf(request);
    await findVisibleClip(db, viewerId, clip_id);
    return { count: await countComments(db, viewerId, clip_id) };
  });

  app.get("/api/comment/:comment_id/replies", async (request) => {
    const { comment_id } = parseInput(commentIdParamsSchema, request.params, "path");
    const query = parseInput(repliesQuerySchema, request.query, "query");
    const viewerId = viewerOf(request);
    await findVisibleComment(db, viewerId, comment_id);
    return repliesPage(db, viewerId, comment_id, query);
  });

  app.post("/api/gen/:clip_id/comment", async (request, reply): Promise<Comment> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    // The song first: its 404 says nothing of a private song, whoever asks.
    const clip = await findVisibleClip(db, viewerOf(request), clip_id);
    const user = requireUser(request);
    const body = parseInput(postCommentBodySchema, request.body);
    const id = await postComment(db, user.id, clip, body);
    await raiseCommentPosted(raiseContext(db, request), user.id, id);
    reply.status(201);
    return commentView(await findVisibleComment(db, user.id, id), user.id);
  });

  app.post("/api/comment/:comment_id/reaction", async (request) => {
    const { comment_id } = parseInput(commentIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const { reaction } = parseInput(commentReactionBodySchema, request.body);
    const counts = await reactToComment(db, user.id, comment_id, reaction);
    if (reaction === "LIKE") await raiseCommentLike(raiseContext(db, request), user.id, comment_id);
    return counts;
  });

  app.delete("/api/comment/:comment_id", async (request) => {
    const { comment_id } = parseInput(commentIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    await deleteComment(db, user.id, comment_id);
    return { deleted: true };
  });

  app.post("/api/comment/:comment_id/report", async (request) => {
    const { comment_id } = parseInput(commentIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const { reason } = parseInput(reportCommentBodySchema, request.body);
    await findVisibleComment(db, user.id, comment_id);
    await db.insertInto("comment_reports").values({ comment_id, user_id: user.id, reason }).execute();
    return { reported: true };
  });

  const blockTarget = async (viewerId: string, handle: string) => {
    const target = await findUserByHandle(db, handle);
    if (target === undefined) throw notFound(`No user has the handle @${handle}`);
    if (target.id === viewerId) throw badRequest("You cannot block yourself");
    return target;
  };

  app.post("/api/comment/block-user", async (request) => {
    const user = requireUser(request);
    const { handle, reason } = parseInput(blockUserBodySchema, request.body);
    const target = await blockTarget(user.id, handle);
    await db
      .insertInto("user_blocks")
      .values({ blocker_id: user.id, blocked_id: target.id, reason })
      .onConflict((conflict) => conflict.columns(["blocker_id", "blocked_id"]).doNothing())
      .execute();
    return { handle: target.handle, blocked: true };
  });

  app.post("/api/comment/unblock-user", async (request) => {
    const user = requireUser(request);
    const { handle } = parseInput(blockUserBodySchema, request.body);
    const target = await blockTarget(user.id, handle);
    await db
      .deleteFrom("user_blocks")
      .where("blocker_id", "=", user.id)
      .where("blocked_id", "=", target.id)
      .execute();
    return { handle: target.handle, blocked: false };
  });
}

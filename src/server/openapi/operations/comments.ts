import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  blockUserBodySchema,
  commentIdParamsSchema,
  commentReactionBodySchema,
  commentSchema,
  commentsQuerySchema,
  postCommentBodySchema,
  repliesQuerySchema,
  reportCommentBodySchema,
} from "../../../shared/api/comments.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/comments.ts. */
export const commentsOperations: OperationGroup = {
  tag: "Comments",
  operations: [
    {
      method: "GET",
      path: "/api/gen/:clip_id/comments",
      summary: "Gen comments",
      params: clipIdParamsSchema,
      query: commentsQuerySchema,
    },
    {
      method: "GET",
      path: "/api/gen/:clip_id/comments/count",
      summary: "Comments count",
      params: clipIdParamsSchema,
    },
    {
      method: "GET",
      path: "/api/comment/:comment_id/replies",
      summary: "Comment replies",
      params: commentIdParamsSchema,
      query: repliesQuerySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/comment",
      summary: "Gen comment",
      params: clipIdParamsSchema,
      body: postCommentBodySchema,
      response: commentSchema,
    },
    {
      method: "POST",
      path: "/api/comment/:comment_id/reaction",
      summary: "Comment reaction",
      params: commentIdParamsSchema,
      body: commentReactionBodySchema,
    },
    { method: "DELETE", path: "/api/comment/:comment_id", summary: "Comment", params: commentIdParamsSchema },
    {
      method: "POST",
      path: "/api/comment/:comment_id/report",
      summary: "Comment report",
      params: commentIdParamsSchema,
      body: reportCommentBodySchema,
    },
    {
      method: "POST",
      path: "/api/comment/block-user",
      summary: "Comment block user",
      body: blockUserBodySchema,
    },
    {
      method: "POST",
      path: "/api/comment/unblock-user",
      summary: "Comment unblock user",
      body: blockUserBodySchema,
    },
  ],
};

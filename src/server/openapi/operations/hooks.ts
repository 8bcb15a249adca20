import {
  hookCommentPageSchema,
  hookCommentSchema,
  hookFeedSchema,
  hookLikeBodySchema,
  hookLikeSchema,
  hookPageQuerySchema,
  postHookCommentBodySchema,
} from "../../../shared/api/hook-social.ts";
import {
  createHookBodySchema,
  createHookResponseSchema,
  hookIdParamsSchema,
  hookSchema,
} from "../../../shared/api/hooks.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/hooks.ts and routes/hooks-social.ts. */
export const hookOperations: OperationGroup = {
  tag: "Hooks",
  operations: [
    {
      method: "POST",
      path: "/api/video/hooks/create",
      summary:
        "Make a hook of a video upload and the owner's song (flag web-hooks-2025): rendered, then moderated",
      body: createHookBodySchema,
      response: createHookResponseSchema,
    },
    {
      method: "GET",
      path: "/api/video/hooks/:hook_id",
      summary: "A hook and its state (polled every 2 s while it renders)",
      params: hookIdParamsSchema,
      response: hookSchema,
    },
    {
      method: "GET",
      path: "/api/video/hooks/:hook_id/:file",
      summary: "A rendered hook's video.mp4 or thumbnail.jpg",
      params: hookIdParamsSchema,
      produces: "video/mp4",
    },
    {
      method: "GET",
      path: "/api/video/hooks/feed",
      summary: "The hooks feed: posted hooks of public songs, newest first, a page at a time",
      query: hookPageQuerySchema,
      response: hookFeedSchema,
    },
    {
      method: "POST",
      path: "/api/video/hooks/:hook_id/like",
      summary: "Like a posted hook, or take the like back; answers the new count",
      params: hookIdParamsSchema,
      body: hookLikeBodySchema,
      response: hookLikeSchema,
    },
    {
      method: "GET",
      path: "/api/video/hooks/:hook_id/comments",
      summary: "A page of a hook's comments and replies, newest first",
      params: hookIdParamsSchema,
      query: hookPageQuerySchema,
      response: hookCommentPageSchema,
    },
    {
      method: "POST",
      path: "/api/video/hooks/:hook_id/comments",
      summary: "Comment on a posted hook whose comments are on, or reply to one of its comments",
      params: hookIdParamsSchema,
      body: postHookCommentBodySchema,
      response: hookCommentSchema,
    },
  ],
};

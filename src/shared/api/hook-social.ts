// The hooks feed, and likes and comments on posted hooks: the calls' bodies, queries and answers.

import { z } from "zod";
import { COMMENT_MAX, COMMENT_MESSAGES, commentAuthorSchema } from "./comments.ts";
import { hookSchema } from "./hooks.ts";

/** Hooks per page of the feed: a few screens ahead of the one playing. */
export const HOOK_FEED_PAGE_SIZE = 8;
export const HOOK_COMMENTS_PAGE_SIZE = 20;

export const HOOK_SOCIAL_MESSAGES = {
  notPosted: "Only a posted hook can be liked or commented on",
  commentsOff: "Comments are turned off for this hook",
  parentNotFound: "The comment replied to is not on this hook",
} as const;

/** GET /api/video/hooks/feed and GET /api/video/hooks/{hook_id}/comments. */
export const hookPageQuerySchema = z.object({ cursor: z.string().max(400).optional() });

export const hookFeedSchema = z.object({
  hooks: z.array(hookSchema),
  next_cursor: z.string().nullable(),
});
export type HookFeed = z.infer<typeof hookFeedSchema>;

/** POST /api/video/hooks/{hook_id}/like: the viewer's like, set or taken back. */
export const hookLikeBodySchema = z.object({ liked: z.boolean({ error: "liked is true or false" }) });

export const hookLikeSchema = z.object({ like_count: z.number().int(), is_liked: z.boolean() });
export type HookLike = z.infer<typeof hookLikeSchema>;

/** POST /api/video/hooks/{hook_id}/comments: a comment, or a reply to a top-level one. */
export const postHookCommentBodySchema = z.object({
  content: z.string().trim().min(1, COMMENT_MESSAGES.empty).max(COMMENT_MAX, COMMENT_MESSAGES.tooLong),
  parent_id: z.uuid("parent_id must be a comment id").nullish(),
});

export const hookCommentSchema = z.object({
  id: z.string(),
  hook_id: z.string(),
  parent_id: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  user: commentAuthorSchema,
});
export type HookComment = z.infer<typeof hookCommentSchema>;

export const hookCommentPageSchema = z.object({
  comments: z.array(hookCommentSchema),
  next_cursor: z.string().nullable(),
});
export type HookCommentPage = z.infer<typeof hookCommentPageSchema>;

// Comments on songs: the calls' bodies, queries and answers, and the limits they hold.

import { z } from "zod";
import { HANDLE_PATTERN } from "./accounts.ts";

/** Our limit on a comment's length; the product names none. */
export const COMMENT_MAX = 1000;
/** Top-level comments per page, and replies per page (the product's 10). */
export const COMMENTS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 10;
/** At most this many handles named in one comment. */
export const MENTIONS_MAX = 20;
export const REPORT_REASON_MAX = 500;

export const COMMENT_ORDERS = ["newest", "oldest", "most_liked"] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

export const COMMENT_MESSAGES = {
  empty: "A comment cannot be empty",
  tooLong: `A comment is at most ${COMMENT_MAX} characters`,
  outsideSong: "The timestamp is outside the song",
  replyToReply: "Replies cannot be replied to: reply to the comment above",
  disabled: "Comments are turned off for this song",
  blocked: "You cannot comment on this song",
  notFound: "Comment not found",
  notAllowedToDelete: "Only the comment's author or the song's owner can delete it",
  unknownHandle: (handle: string) => `No user has the handle @${handle}`,
} as const;

const handleSchema = z
  .string()
  .transform((handle) => handle.replace(/^@/, ""))
  .pipe(z.string().regex(HANDLE_PATTERN, "Handles are 3 to 30 letters, digits or underscores"));

/** POST /api/gen/{clip_id}/comment. */
export const postCommentBodySchema = z.object({
  content: z.string().trim().min(1, COMMENT_MESSAGES.empty).max(COMMENT_MAX, COMMENT_MESSAGES.tooLong),
  parent_id: z.uuid("parent_id must be a comment id").nullish(),
  user_mentions: z.array(handleSchema).max(MENTIONS_MAX).default([]),
  track_timestamp: z.number().finite().min(0, COMMENT_MESSAGES.outsideSong).nullish(),
});
export type PostCommentBody = z.input<typeof postCommentBodySchema>;

/** GET /api/gen/{clip_id}/comments: a page of top-level comments; deeplink names one to show first. */
export const commentsQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  order: z.enum(COMMENT_ORDERS, "order is newest, oldest or most_liked").default("newest"),
  deeplink: z.uuid("deeplink must be a comment id").optional(),
});

/** GET /api/comment/{comment_id}/replies. */
export const repliesQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  page_size: z.coerce.number().int().min(1).max(REPLIES_PAGE_SIZE).default(REPLIES_PAGE_SIZE),
});

export const commentIdParamsSchema = z.object({ comment_id: z.uuid("comment_id must be a comment id") });

export const commentReactionBodySchema = z.object({
  reaction: z.enum(["LIKE", "DISLIKE"], "reaction is LIKE, DISLIKE or null").nullable(),
});

export const reportCommentBodySchema = z.object({
  reason: z.string().trim().min(1, "Say why you report the comment").max(REPORT_REASON_MAX),
});

export const blockUserBodySchema = z.object({
  handle: handleSchema,
  reason: z.string().max(REPORT_REASON_MAX).default(""),
});

export const commentAuthorSchema = z.object({
  handle: z.string(),
  display_name: z.string(),
  avatar_image_url: z.string().nullable(),
});

export const commentSchema = z.object({
  id: z.string(),
  clip_id: z.string(),
  parent_id: z.string().nullable(),
  content: z.string(),
  user_mentions: z.array(z.string()),
  track_timestamp: z.number().nullable(),
  created_at: z.string(),
  user: commentAuthorSchema,
  like_count: z.number().int(),
  dislike_count: z.number().int(),
  reply_count: z.number().int(),
  reaction: z.enum(["LIKE", "DISLIKE"]).nullable(),
  /** The viewer may delete it: its author or the song's owner. */
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  next_cursor: z.string().nullable(),
  /** The comment a deep link named, when asked for and visible (shown above the page). */
  deeplinked_comment: commentSchema.nullable().optional(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;

export const commentCountSchema = z.object({ count: z.number().int() });

export const commentReactionResponseSchema = z.object({
  like_count: z.number().int(),
  dislike_count: z.number().int(),
  reaction: z.enum(["LIKE", "DISLIKE"]).nullable(),
});

export const blockResponseSchema = z.object({ handle: z.string(), blocked: z.boolean() });

/** The handles a comment's text names with @, each once, in order of appearance. */
export function mentionedHandles(content: string): string[] {
  const found = content.matchAll(/(?:^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/g);
  return [...new Set([...found].map((match) => match[1]))];
}

/**
 * The handle being typed at the caret ("@al|" gives "al"), for completion; null when the caret is
 * not in an @word.
 */
export function mentionAtCaret(content: string, caret: number): { start: number; prefix: string } | null {
  const before = content.slice(0, caret);
  const match = /(?:^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{0,30})$/.exec(before);
  if (match === null) return null;
  return { start: caret - match[1].length - 1, prefix: match[1] };
}

/** The text with the @word at the caret replaced by the chosen handle and a space, and the new caret. */
export function completeMention(
  content: string,
  caret: number,
  handle: string,
): { content: string; caret: number } {
  const at = mentionAtCaret(content, caret);
  if (at === null) return { content, caret };
  const inserted = `@${handle} `;
  return {
    content: content.slice(0, at.start) + inserted + content.slice(caret),
    caret: at.start + inserted.length,
  };
}

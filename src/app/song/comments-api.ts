// The song page's comment calls. A refusal is an ApiError carrying the server's detail (or the
// status line when the answer has none), which the panel shows as it is.

import { z } from "zod";
import {
  blockResponseSchema,
  type CommentOrder,
  commentCountSchema,
  commentPageSchema,
  commentReactionResponseSchema,
  commentSchema,
  type PostCommentBody,
} from "../../shared/api/comments.ts";
import { handleSearchResponseSchema } from "../../shared/api/profiles.ts";
import { apiRequest } from "../account/api-request.ts";

const clipPath = (clipId: string) => `/api/gen/${encodeURIComponent(clipId)}`;
const commentPath = (commentId: string) => `/api/comment/${encodeURIComponent(commentId)}`;

export const fetchComments = (
  clipId: string,
  order: CommentOrder,
  cursor: string | null,
  signal?: AbortSignal,
  deeplink: string | null = null,
) => {
  const query = new URLSearchParams({ order });
  if (cursor !== null) query.set("cursor", cursor);
  if (deeplink !== null) query.set("deeplink", deeplink);
  return apiRequest(`${clipPath(clipId)}/comments?${query}`, commentPageSchema, { signal });
};

export const fetchCommentCount = (clipId: string, signal?: AbortSignal) =>
  apiRequest(`${clipPath(clipId)}/comments/count`, commentCountSchema, { signal });

export const fetchReplies = (commentId: string, cursor: string | null) =>
  apiRequest(
    `${commentPath(commentId)}/replies${cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`}`,
    commentPageSchema,
  );

export const postComment = (clipId: string, body: PostCommentBody) =>
  apiRequest(`${clipPath(clipId)}/comment`, commentSchema, { body });

export const reactToComment = (commentId: string, reaction: "LIKE" | "DISLIKE" | null) =>
  apiRequest(`${commentPath(commentId)}/reaction`, commentReactionResponseSchema, { body: { reaction } });

export const deleteComment = (commentId: string) =>
  apiRequest(commentPath(commentId), z.object({ deleted: z.boolean() }), { method: "DELETE" });

export const reportComment = (commentId: string, reason: string) =>
  apiRequest(`${commentPath(commentId)}/report`, z.object({ reported: z.boolean() }), { body: { reason } });

export const blockUser = (handle: string) =>
  apiRequest("/api/comment/block-user", blockResponseSchema, { body: { handle } });

export const unblockUser = (handle: string) =>
  apiRequest("/api/comment/unblock-user", blockResponseSchema, { body: { handle } });

export const suggestHandles = (prefix: string, signal?: AbortSignal) =>
  apiRequest(`/api/profiles/search?prefix=${encodeURIComponent(prefix)}`, handleSearchResponseSchema, {
    signal,
  });

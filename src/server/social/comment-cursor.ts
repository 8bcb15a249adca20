import { z } from "zod";
import { COMMENT_ORDERS, type CommentOrder } from "../../shared/api/comments.ts";
import { badRequest } from "../http/errors.ts";

/**
 * Where a page of comments ended: the last comment's creation time (text with microseconds, as a
 * JS Date would round it), its like count for the most-liked order, and its id. The next page
 * starts strictly after it in that order, so comments posted meanwhile never shift the pages: new
 * ones sort before the cursor (newest), after the end (oldest), or among the unliked (most liked).
 */
export interface CommentPosition {
  readonly createdAt: string;
  readonly likes: number;
  readonly id: string;
}

const cursorSchema = z.object({
  o: z.enum([...COMMENT_ORDERS, "replies"]),
  t: z.string().max(40),
  l: z.number().int().min(0),
  i: z.uuid(),
});

/** Replies have one order of their own (oldest first), so their cursors say "replies". */
export type CursorOrder = CommentOrder | "replies";

export const encodeCommentCursor = (order: CursorOrder, position: CommentPosition): string =>
  Buffer.from(
    JSON.stringify({ o: order, t: position.createdAt, l: position.likes, i: position.id }),
  ).toString("base64url");

export function decodeCommentCursor(cursor: string, order: CursorOrder): CommentPosition {
  let payload: z.infer<typeof cursorSchema>;
  try {
    payload = cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw badRequest("Invalid cursor: start again without one");
  }
  if (payload.o !== order) {
    throw badRequest("Invalid cursor: it belongs to another order; start again without one");
  }
  return { createdAt: payload.t, likes: payload.l, id: payload.i };
}

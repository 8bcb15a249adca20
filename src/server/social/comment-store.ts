import { type Kysely, sql } from "kysely";
import {
  COMMENT_MESSAGES,
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentOrder,
  type CommentPage,
} from "../../shared/api/comments.ts";
import { visibleTo } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { notBlockedBy } from "./blocks.ts";
import {
  type CommentPosition,
  type CursorOrder,
  decodeCommentCursor,
  encodeCommentCursor,
} from "./comment-cursor.ts";
import { avatarUrl } from "./profile-store.ts";

const createdAtText = sql<string>`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Comments the viewer may read: on a song they may see (so a private or trashed song's comments
 * are as missing as the song), and not written by someone they blocked. With the author's names,
 * the viewer's reaction and the song's owner (who may delete any comment on it).
 */
export function selectComments(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom("comments as c")
    .innerJoin("clips", "clips.id", "c.clip_id")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("comment_reactions as vr", (join) =>
      join.onRef("vr.comment_id", "=", "c.id").on(sql<boolean>`vr.user_id = ${viewerId}`),
    )
    .where(visibleTo(viewerId))
    .where(notBlockedBy(viewerId))
    .select([
      "c.id",
      "c.clip_id",
      "c.user_id",
      "c.parent_id",
      "c.content",
      "c.user_mentions",
      "c.track_timestamp",
      "c.like_count",
      "c.dislike_count",
      "c.reply_count",
      "u.handle",
      "u.display_name",
      "u.avatar_key",
      "vr.reaction",
      "clips.user_id as clip_owner_id",
    ])
    .select(createdAtText.as("created_at_text"));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>["execute"]>>[number];

export function commentView(row: CommentRow, viewerId: string | null): Comment {
  return {
    id: row.id,
    clip_id: row.clip_id,
    parent_id: row.parent_id,
    content: row.content,
    user_mentions: row.user_mentions,
    track_timestamp: row.track_timestamp,
    created_at: row.created_at_text,
    user: {
      handle: row.handle,
      display_name: row.display_name,
      avatar_image_url: avatarUrl(row.user_id, row.avatar_key),
    },
    like_count: row.like_count,
    dislike_count: row.dislike_count,
    reply_count: row.reply_count,
    reaction: row.reaction,
    can_delete: viewerId !== null && (viewerId === row.user_id || viewerId === row.clip_owner_id),
  };
}

/** The comment if the viewer may read it; otherwise a 404 that tells nothing more. */
export async function findVisibleComment(
  db: Kysely<Database>,
  viewerId: string | null,
  commentId: string,
): Promise<CommentRow> {
  const row = await selectComments(db, viewerId).where("c.id", "=", commentId).executeTakeFirst();
  if (row === undefined) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

const positionOf = (row: CommentRow): CommentPosition => ({
  createdAt: row.created_at_text,
  likes: row.like_count,
  id: row.id,
});

/** Strictly after `at` in the order: newest first, oldest first, or most liked (then newest). */
function after(order: CursorOrder, at: CommentPosition) {
  const time = sql`${at.createdAt}::timestamptz`;
  const id = sql`${at.id}::uuid`;
  switch (order) {
    case "newest":
      return sql<boolean>`(c.created_at, c.id) < (${time}, ${id})`;
    case "most_liked":
      return sql<boolean>`(c.like_count, c.created_at, c.id) < (${at.likes}::integer, ${time}, ${id})`;
    default:
      return sql<boolean>`(c.created_at, c.id) > (${time}, ${id})`;
  }
}

/** One page of rows in the order (one more than the page, to know whether another follows). */
async function pageOf(
  query: ReturnType<typeof selectComments>,
  order: CursorOrder,
  cursor: string | undefined,
  pageSize: number,
  viewerId: string | null,
): Promise<{ comments: Comment[]; next_cursor: string | null }> {
  let sorted = query;
  if (cursor !== undefined) sorted = sorted.where(after(order, decodeCommentCursor(cursor, order)));
  if (order === "most_liked") sorted = sorted.orderBy("c.like_count", "desc");
  const direction = order === "newest" || order === "most_liked" ? "desc" : "asc";
  const rows = await sorted
    .orderBy("c.created_at", direction)
    .orderBy("c.id", direction)
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    comments: page.map((row) => commentView(row, viewerId)),
    next_cursor:
      rows.length > pageSize && last !== undefined ? encodeCommentCursor(order, positionOf(last)) : null,
  };
}

/** A page of a song's top-level comments (the song already found visible). */
export async function songCommentsPage(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
  query: { order: CommentOrder; cursor?: string; deeplink?: string },
): Promise<CommentPage> {
  const topLevel = selectComments(db, viewerId)
    .where("c.clip_id", "=", clipId)
    .where("c.parent_id", "is", null);
  const page = await pageOf(topLevel, query.order, query.cursor, COMMENTS_PAGE_SIZE, viewerId);
  if (query.deeplink === undefined) return page;
  const linked = await selectComments(db, viewerId)
    .where("c.id", "=", query.deeplink)
    .where("c.clip_id", "=", clipId)
    .executeTakeFirst();
  return { ...page, deeplinked_comment: linked === undefined ? null : commentView(linked, viewerId) };
}

/** A page of a comment's replies, oldest first (the comment already found visible). */
export function repliesPage(
  db: Kysely<Database>,
  viewerId: string | null,
  commentId: string,
  query: { cursor?: string; page_size: number },
): Promise<{ comments: Comment[]; next_cursor: string | null }> {
  const replies = selectComments(db, viewerId).where("c.parent_id", "=", commentId);
  return pageOf(replies, "replies", query.cursor, query.page_size, viewerId);
}

/** How many comments and replies on the song the viewer may read. */
export async function countComments(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
): Promise<number> {
  const row = await db
    .selectFrom("comments as c")
    .where("c.clip_id", "=", clipId)
    .where(notBlockedBy(viewerId))
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

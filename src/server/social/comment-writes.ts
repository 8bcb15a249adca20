import { type Kysely, sql, type Transaction } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { COMMENT_MESSAGES, type PostCommentBody } from "../../shared/api/comments.ts";
import type { ClipViewRow } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { hasBlocked } from "./blocks.ts";
import { findVisibleComment } from "./comment-store.ts";

/** The handles as their users spell them; a 400 naming the first that is nobody's. */
async function canonicalHandles(db: Kysely<Database>, handles: readonly string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const lowered = [...new Set(handles.map((handle) => handle.toLowerCase()))];
  const rows = await db
    .selectFrom("users")
    .select("handle")
    .where(sql<boolean>`lower(handle) in (${sql.join(lowered)})`)
    .execute();
  const known = new Map(rows.map((row) => [row.handle.toLowerCase(), row.handle]));
  const unknown = handles.find((handle) => !known.has(handle.toLowerCase()));
  if (unknown !== undefined) throw badRequest(COMMENT_MESSAGES.unknownHandle(unknown));
  return lowered.map((handle) => known.get(handle) as string);
}

/**
 * Checks a comment against the song and writes it with its parent's reply count in one
 * transaction: comments on (not turned off), the writer not blocked by the song's owner, the
 * timestamp within the song, a parent that is a top-level comment of the same song, every
 * mentioned handle someone's. Returns the new comment's id.
 */
export async function postComment(
  db: Kysely<Database>,
  writerId: string,
  clip: ClipViewRow,
  body: PostCommentBody & { content: string; user_mentions: string[] },
): Promise<string> {
  if (!clip.allow_comments) throw forbidden(COMMENT_MESSAGES.disabled);
  if (clip.user_id !== writerId && (await hasBlocked(db, clip.user_id, writerId)))
    throw forbidden(COMMENT_MESSAGES.blocked);
  const duration = (clip.metadata as ClipMetadata).duration ?? null;
  const timestamp = body.track_timestamp ?? null;
  if (timestamp !== null && duration !== null && timestamp > duration)
    throw badRequest(COMMENT_MESSAGES.outsideSong);
  const parentId = body.parent_id ?? null;
  if (parentId !== null) {
    const parent = await findVisibleComment(db, writerId, parentId);
    if (parent.clip_id !== clip.id) throw notFound(COMMENT_MESSAGES.notFound);
    if (parent.parent_id !== null) throw badRequest(COMMENT_MESSAGES.replyToReply);
  }
  const mentions = await canonicalHandles(db, body.user_mentions);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("comments")
      .values({
        clip_id: clip.id,
        user_id: writerId,
        parent_id: parentId,
        content: body.content,
        user_mentions: mentions,
        track_timestamp: timestamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (parentId !== null) {
      // The parent may have been deleted meanwhile: then the insert above failed on its key.
      await trx
        .updateTable("comments")
        .set({ reply_count: sql`reply_count + 1` })
        .where("id", "=", parentId)
        .execute();
    }
    return row.id;
  });
}

/** Deletes a comment (and its replies) for its author or the song's owner. */
export async function deleteComment(
  db: Kysely<Database>,
  viewerId: string,
  commentId: string,
): Promise<void> {
  const comment = await findVisibleComment(db, viewerId, commentId);
  if (viewerId !== comment.user_id && viewerId !== comment.clip_owner_id)
    throw forbidden(COMMENT_MESSAGES.notAllowedToDelete);
  await db.transaction().execute((trx) => removeComment(trx, commentId));
}

/** Removes a comment (its replies go with it) and keeps its parent's reply count in step. */
export async function removeComment(trx: Transaction<Database>, commentId: string): Promise<void> {
  const gone = await trx
    .deleteFrom("comments")
    .where("id", "=", commentId)
    .returning("parent_id")
    .executeTakeFirst();
  if (gone?.parent_id) {
    await trx
      .updateTable("comments")
      .set({ reply_count: sql`greatest(reply_count - 1, 0)` })
      .where("id", "=", gone.parent_id)
      .execute();
  }
}

/**
 * Sets the viewer's reaction to a comment (LIKE, DISLIKE, or null for none) and keeps the counts in
 * step in the same transaction: the row is locked, so two reactions at once count right.
 */
export async function reactToComment(
  db: Kysely<Database>,
  viewerId: string,
  commentId: string,
  reaction: "LIKE" | "DISLIKE" | null,
): Promise<{ like_count: number; dislike_count: number; reaction: "LIKE" | "DISLIKE" | null }> {
  await findVisibleComment(db, viewerId, commentId);
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom("comments")
      .select("id")
      .where("id", "=", commentId)
      .forUpdate()
      .executeTakeFirst();
    if (locked === undefined) throw notFound(COMMENT_MESSAGES.notFound);
    const before = await trx
      .selectFrom("comment_reactions")
      .select("reaction")
      .where("comment_id", "=", commentId)
      .where("user_id", "=", viewerId)
      .executeTakeFirst();
    const was = before?.reaction ?? null;
    if (was !== reaction) {
      if (reaction === null) {
        await trx
          .deleteFrom("comment_reactions")
          .where("comment_id", "=", commentId)
          .where("user_id", "=", viewerId)
          .execute();
      } else {
        await trx
          .insertInto("comment_reactions")
          .values({ comment_id: commentId, user_id: viewerId, reaction })
          .onConflict((conflict) => conflict.columns(["comment_id", "user_id"]).doUpdateSet({ reaction }))
          .execute();
      }
    }
    const delta = (kind: "LIKE" | "DISLIKE") => (reaction === kind ? 1 : 0) - (was === kind ? 1 : 0);
    const row = await trx
      .updateTable("comments")
      .set({
        like_count: sql`like_count + ${delta("LIKE")}::integer`,
        dislike_count: sql`dislike_count + ${delta("DISLIKE")}::integer`,
      })
      .where("id", "=", commentId)
      .returning(["like_count", "dislike_count"])
      .executeTakeFirstOrThrow();
    return { ...row, reaction };
  });
}

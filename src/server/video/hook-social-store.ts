import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { COMMENT_MESSAGES } from "../../shared/api/comments.ts";
import {
  HOOK_COMMENTS_PAGE_SIZE,
  HOOK_FEED_PAGE_SIZE,
  HOOK_SOCIAL_MESSAGES,
  type HookComment,
  type HookCommentPage,
  type HookFeed,
  type HookLike,
} from "../../shared/api/hook-social.ts";
import type { HookStatus } from "../../shared/api/hooks.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { decodeCommentCursor, encodeCommentCursor } from "../social/comment-cursor.ts";
import { avatarUrl } from "../social/profile-store.ts";
import { hookView, visibleHooks } from "./hook-store.ts";

type Viewer = { id: string; is_staff: boolean } | null;

const POSTED: HookStatus = "rendered_passed_moderation";

/** A row's creation time as text with microseconds: a JS Date would round it, and a page repeat. */
const createdAtText = (column: "hooks.created_at" | "c.created_at") =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Strictly older than the cursor's (time, id): rows added meanwhile never shift the pages. */
const olderThan = (column: "hooks" | "c", cursor: string) => {
  const at = decodeCommentCursor(cursor, "newest");
  return sql<boolean>`(${sql.ref(`${column}.created_at`)}, ${sql.ref(`${column}.id`)}) < (${at.createdAt}::timestamptz, ${at.id}::uuid)`;
};

/** The next page's cursor when the query found one row more than the page. */
const nextCursor = <Row extends { id: string; created_at_text: string }>(rows: Row[], size: number) => {
  const last = rows[size - 1];
  return rows.length > size && last
    ? encodeCommentCursor("newest", { createdAt: last.created_at_text, likes: 0, id: last.id })
    : null;
};

/**
 * The feed: posted hooks of public songs, newest first, for anyone; a song's video cover among
 * them unless its owner turned Show in Hooks Feed off.
 */
export async function hookFeedPage(db: Kysely<Database>, viewer: Viewer, cursor?: string): Promise<HookFeed> {
  let query = visibleHooks(db, viewer)
    .select(createdAtText("hooks.created_at").as("created_at_text"))
    .where("hooks.status", "=", POSTED)
    .where("clips.is_public", "=", true)
    .where("clips.is_trashed", "=", false)
    .where((eb) =>
      eb.or([
        eb("hooks.kind", "=", "hook"),
        sql<boolean>`(clips.metadata->>'opt_out_video_cover_hook') is distinct from 'true'`,
      ]),
    );
  if (cursor !== undefined) query = query.where(olderThan("hooks", cursor));
  const rows = await query
    .orderBy("hooks.created_at", "desc")
    .orderBy("hooks.id", "desc")
    .limit(HOOK_FEED_PAGE_SIZE + 1)
    .execute();
  return {
    hooks: rows.slice(0, HOOK_FEED_PAGE_SIZE).map(hookView),
    next_cursor: nextCursor(rows, HOOK_FEED_PAGE_SIZE),
  };
}

/** A hook the viewer may see; liking and commenting ask it to be posted too. */
export async function findVisibleHook(db: Kysely<Database>, viewer: Viewer, hookId: string) {
  const row = await visibleHooks(db, viewer).where("hooks.id", "=", hookId).executeTakeFirst();
  // Someone else's hook they may not see is not found, not forbidden: ids are not confirmed.
  if (!row) throw notFound("Hook not found");
  return row;
}

async function postedHook(db: Kysely<Database>, viewer: Viewer, hookId: string) {
  const row = await findVisibleHook(db, viewer, hookId);
  if (row.status !== POSTED) throw conflict(HOOK_SOCIAL_MESSAGES.notPosted);
  return row;
}

/** Sets or takes back the viewer's like (twice the same is a no-op); answers the new count. */
export async function setHookLike(
  db: Kysely<Database>,
  viewer: { id: string; is_staff: boolean },
  hookId: string,
  liked: boolean,
): Promise<HookLike> {
  await postedHook(db, viewer, hookId);
  if (liked)
    await db
      .insertInto("hook_likes")
      .values({ hook_id: hookId, user_id: viewer.id })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  else
    await db
      .deleteFrom("hook_likes")
      .where("hook_id", "=", hookId)
      .where("user_id", "=", viewer.id)
      .execute();
  const { like_count } = await db
    .selectFrom("hook_likes")
    .select(sql<number>`count(*)::int`.as("like_count"))
    .where("hook_id", "=", hookId)
    .executeTakeFirstOrThrow();
  return { like_count, is_liked: liked };
}

function selectHookComments(db: Kysely<Database>, hookId: string) {
  return db
    .selectFrom("hook_comments as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.hook_id",
      "c.user_id",
      "c.parent_id",
      "c.content",
      "u.handle",
      "u.display_name",
      "u.avatar_key",
    ])
    .select(createdAtText("c.created_at").as("created_at_text"))
    .where("c.hook_id", "=", hookId);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectHookComments>["execute"]>>[number];

const commentView = (row: CommentRow): HookComment => ({
  id: row.id,
  hook_id: row.hook_id,
  parent_id: row.parent_id,
  content: row.content,
  created_at: row.created_at_text,
  user: {
    handle: row.handle,
    display_name: row.display_name,
    avatar_image_url: avatarUrl(row.user_id, row.avatar_key),
  },
});

/** A page of a hook's comments and replies, newest first (the hook already found visible). */
export async function hookCommentsPage(
  db: Kysely<Database>,
  hookId: string,
  cursor?: string,
): Promise<HookCommentPage> {
  let query = selectHookComments(db, hookId);
  if (cursor !== undefined) query = query.where(olderThan("c", cursor));
  const rows = await query
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(HOOK_COMMENTS_PAGE_SIZE + 1)
    .execute();
  return {
    comments: rows.slice(0, HOOK_COMMENTS_PAGE_SIZE).map(commentView),
    next_cursor: nextCursor(rows, HOOK_COMMENTS_PAGE_SIZE),
  };
}

/**
 * A comment on a posted hook whose comments are on; a reply names a top-level comment of the same
 * hook (replies go one level deep).
 */
export async function postHookComment(
  db: Kysely<Database>,
  viewer: { id: string; is_staff: boolean },
  hookId: string,
  body: { content: string; parent_id?: string | null },
): Promise<HookComment> {
  const hook = await postedHook(db, viewer, hookId);
  if (!hook.allow_comments) throw conflict(HOOK_SOCIAL_MESSAGES.commentsOff);
  const parentId = body.parent_id ?? null;
  if (parentId !== null) {
    const parent = await db
      .selectFrom("hook_comments")
      .select("parent_id")
      .where("id", "=", parentId)
      .where("hook_id", "=", hookId)
      .executeTakeFirst();
    if (!parent) throw notFound(HOOK_SOCIAL_MESSAGES.parentNotFound);
    if (parent.parent_id !== null) throw badRequest(COMMENT_MESSAGES.replyToReply);
  }
  const id = randomUUID();
  await db
    .insertInto("hook_comments")
    .values({ id, hook_id: hookId, user_id: viewer.id, parent_id: parentId, content: body.content })
    .execute();
  return commentView(await selectHookComments(db, hookId).where("c.id", "=", id).executeTakeFirstOrThrow());
}

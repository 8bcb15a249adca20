// The hooks feed and likes and comments on hooks: the feed pages through posted hooks of public
// songs only, newest first, without repeats; a like is set and taken back once per person; comments
// and one level of replies on posted hooks whose comments are on. Each call as the owner, another
// user and anonymous: a hook of a private song is as missing to others.

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMENT_MESSAGES } from "../../src/shared/api/comments.ts";
import {
  HOOK_COMMENTS_PAGE_SIZE,
  HOOK_FEED_PAGE_SIZE,
  HOOK_SOCIAL_MESSAGES,
  type HookComment,
  type HookCommentPage,
  type HookFeed,
  type HookLike,
} from "../../src/shared/api/hook-social.ts";
import type { Hook, HookStatus } from "../../src/shared/api/hooks.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { newTestHook } from "../hook-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

type Answer<T> = T & { detail?: string };

describe.each(BACKENDS)("hook likes, comments and feed on %s", (backend) => {
  const { server, db, users } = startApiServerWithUsers(backend, { owner: {}, other: {} });
  const { owner, other } = users;
  const anonymous = () => server.client();
  let publicSong: string;
  let privateSong: string;

  beforeAll(async () => {
    publicSong = (await newTestClip(db(), { userId: owner.id, title: "Public song", isPublic: true })).id;
    privateSong = (await newTestClip(db(), { userId: owner.id, title: "Private song" })).id;
  });

  /** A hook row as the render leaves it (the render itself is tested in api-hooks.test.ts). */
  const newHook = (
    options: {
      clipId?: string;
      status?: HookStatus;
      allowComments?: boolean;
      title?: string;
      createdAt?: Date;
    } = {},
  ) =>
    newTestHook(db(), {
      userId: owner.id,
      clipId: options.clipId ?? publicSong,
      status: options.status,
      title: options.title,
      allowComments: options.allowComments,
      createdAt: options.createdAt,
      videoKey: "hooks/test/hook.mp4",
      thumbnailKey: "hooks/test/thumbnail.jpg",
    });

  const like = (client: ApiClient, hookId: string, liked: boolean) =>
    client.post<Answer<HookLike>>(`/api/video/hooks/${hookId}/like`, { liked });
  const comment = (client: ApiClient, hookId: string, body: unknown) =>
    client.post<Answer<HookComment>>(`/api/video/hooks/${hookId}/comments`, body);
  const comments = (client: ApiClient, hookId: string, cursor?: string) =>
    client.get<Answer<HookCommentPage>>(
      `/api/video/hooks/${hookId}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    );

  /** Every page of the feed as the client sees it. */
  async function wholeFeed(client: ApiClient): Promise<{ pages: Hook[][] }> {
    const pages: Hook[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const page = await client.get<Answer<HookFeed>>(`/api/video/hooks/feed${query}`);
      expect(page.status).toBe(200);
      pages.push(page.body.hooks);
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    return { pages };
  }

  it("pages through posted hooks of public songs, newest first, with no repeats, for anyone", async () => {
    const posted: string[] = [];
    // A second apart: two quick inserts can share the database clock's reading, and the feed then
    // orders them by id.
    for (let i = 0; i < HOOK_FEED_PAGE_SIZE + 2; i++)
      posted.push(await newHook({ title: `Feed ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
    const hidden = [
      await newHook({ status: "rendering" }),
      await newHook({ status: "rendered_failed_moderation" }),
      await newHook({ status: "error" }),
      await newHook({ clipId: privateSong }),
    ];
    for (const client of [owner.client, other.client, anonymous()]) {
      const { pages } = await wholeFeed(client);
      expect(pages[0]).toHaveLength(HOOK_FEED_PAGE_SIZE);
      const ids = pages.flat().map((hook) => hook.id);
      expect(new Set(ids).size).toBe(ids.length);
      // Newest first: the hooks made last come first.
      expect(ids.filter((id) => posted.includes(id))).toEqual([...posted].reverse());
      for (const id of hidden) expect(ids).not.toContain(id);
    }
    const bad = await anonymous().get<Answer<HookFeed>>("/api/video/hooks/feed?cursor=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/cursor/);
  });

  it("lets a signed-in person like a posted hook once and take it back; others see the count", async () => {
    const hookId = await newHook();
    expect((await like(other.client, hookId, true)).body).toEqual({ like_count: 1, is_liked: true });
    expect((await like(other.client, hookId, true)).body).toEqual({ like_count: 1, is_liked: true });
    expect((await like(owner.client, hookId, true)).body).toEqual({ like_count: 2, is_liked: true });
    const seenByOther = await other.client.get<Hook>(`/api/video/hooks/${hookId}`);
    expect(seenByOther.body).toMatchObject({ like_count: 2, is_liked: true });
    const seenByAnonymous = await anonymous().get<Hook>(`/api/video/hooks/${hookId}`);
    expect(seenByAnonymous.body).toMatchObject({ like_count: 2, is_liked: false });
    expect((await like(other.client, hookId, false)).body).toEqual({ like_count: 1, is_liked: false });
    const refused = await like(anonymous(), hookId, true);
    expect(refused.status).toBe(401);
    const badBody = await other.client.post<Answer<object>>(`/api/video/hooks/${hookId}/like`, {});
    expect(badBody.status).toBe(400);
    expect(badBody.body.detail).toMatch(/liked is true or false/);
  });

  it("keeps a hook of a private song to its owner, and refuses likes on a hook not posted", async () => {
    const privateHook = await newHook({ clipId: privateSong });
    expect((await like(owner.client, privateHook, true)).status).toBe(200);
    expect((await like(other.client, privateHook, true)).status).toBe(404);
    expect((await comments(other.client, privateHook)).status).toBe(404);
    expect((await comments(anonymous(), privateHook)).status).toBe(404);
    expect((await comment(other.client, privateHook, { content: "hi" })).status).toBe(404);
    const rendering = await newHook({ status: "rendering" });
    const early = await like(owner.client, rendering, true);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(HOOK_SOCIAL_MESSAGES.notPosted);
    const missing = await like(owner.client, randomUUID(), true);
    expect(missing.status).toBe(404);
  });

  it("takes comments and replies one level deep, pages them newest first, and refuses bad ones", async () => {
    const hookId = await newHook();
    const first = await comment(other.client, hookId, { content: "  love this  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ hook_id: hookId, content: "love this", parent_id: null });
    expect(first.body.user.handle).toBe(other.handle);
    const reply = await comment(owner.client, hookId, { content: "thanks", parent_id: first.body.id });
    expect(reply.status).toBe(201);
    expect(reply.body.parent_id).toBe(first.body.id);
    const replyToReply = await comment(other.client, hookId, { content: "x", parent_id: reply.body.id });
    expect(replyToReply.status).toBe(400);
    expect(replyToReply.body.detail).toBe(COMMENT_MESSAGES.replyToReply);
    const elsewhere = await newHook();
    const wrongHook = await comment(other.client, elsewhere, { content: "x", parent_id: first.body.id });
    expect(wrongHook.status).toBe(404);
    expect(wrongHook.body.detail).toBe(HOOK_SOCIAL_MESSAGES.parentNotFound);
    const empty = await comment(other.client, hookId, { content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain(COMMENT_MESSAGES.empty);
    expect((await comment(anonymous(), hookId, { content: "hi" })).status).toBe(401);

    for (let i = 0; i < HOOK_COMMENTS_PAGE_SIZE; i++)
      await comment(other.client, hookId, { content: `n${i}` });
    const page1 = await comments(anonymous(), hookId);
    expect(page1.status).toBe(200);
    expect(page1.body.comments).toHaveLength(HOOK_COMMENTS_PAGE_SIZE);
    expect(page1.body.comments[0].content).toBe(`n${HOOK_COMMENTS_PAGE_SIZE - 1}`);
    const page2 = await comments(anonymous(), hookId, page1.body.next_cursor ?? undefined);
    expect(page2.body.comments.map((c) => c.content)).toEqual(["thanks", "love this"]);
    expect(page2.body.next_cursor).toBeNull();
    const hook = await anonymous().get<Hook>(`/api/video/hooks/${hookId}`);
    expect(hook.body.comment_count).toBe(HOOK_COMMENTS_PAGE_SIZE + 2);
  });

  it("refuses comments on a hook whose comments are off", async () => {
    const hookId = await newHook({ allowComments: false });
    const refused = await comment(other.client, hookId, { content: "hello" });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(HOOK_SOCIAL_MESSAGES.commentsOff);
    expect((await comments(other.client, hookId)).body.comments).toEqual([]);
  });
});

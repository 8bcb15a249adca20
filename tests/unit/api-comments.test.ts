// Comments: the song's list (cursor pages in three orders that stay stable while comments arrive),
// the count, replies one level deep in pages of 10, reactions, deletion by the author or the
// song's owner, reports, blocking, comments turned off, and the refusals of bad input; a private or
// trashed song's comments are as missing as the song to everyone but its owner.

import { describe, expect, it } from "vitest";
import {
  COMMENT_MAX,
  COMMENT_MESSAGES,
  type Comment,
  type CommentPage,
  REPLIES_PAGE_SIZE,
} from "../../src/shared/api/comments.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("comments on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob, carol },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {}, carol: {} });

  const clientOf = viewerClients(server, alice, bob);
  const song = (options: { isPublic?: boolean; duration?: number } = {}) =>
    newTestClip(db(), {
      userId: alice.id,
      title: "Talked about",
      isPublic: options.isPublic ?? true,
      metadata: { duration: options.duration ?? 120 },
    });
  const post = (client: ApiClient, clipId: string, body: Record<string, unknown>) =>
    client.post<Comment & { detail?: string }>(`/api/gen/${clipId}/comment`, body);
  const list = (client: ApiClient, clipId: string, query = "") =>
    client.get<CommentPage>(`/api/gen/${clipId}/comments${query}`);
  const contents = (page: { comments: Comment[] }) => page.comments.map((comment) => comment.content);
  const rowCount = async () =>
    Number(
      (
        await db()
          .selectFrom("comments")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "shows a public song's comments to the %s",
    async (viewer) => {
      const { id } = await song();
      const written = await post(bob.client, id, { content: "Lovely bridge", track_timestamp: 83.5 });
      expect(written.status).toBe(201);
      expect(written.body).toMatchObject({
        content: "Lovely bridge",
        track_timestamp: 83.5,
        parent_id: null,
        user: { handle: bob.handle },
        like_count: 0,
        reply_count: 0,
        can_delete: true,
      });
      const page = await list(clientOf(viewer), id);
      expect(page.status).toBe(200);
      expect(contents(page.body)).toEqual(["Lovely bridge"]);
      // The song's owner may delete any comment on it; the anonymous reader none.
      expect(page.body.comments[0].can_delete).toBe(viewer !== "anonymous");
      const count = await clientOf(viewer).get(`/api/gen/${id}/comments/count`);
      expect(count.body).toEqual({ count: 1 });
    },
  );

  it("asks an anonymous writer to sign in, writing nothing", async () => {
    const { id } = await song();
    const before = await rowCount();
    const answer = await post(server.client(), id, { content: "hi" });
    expect(answer.status).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  describe.each([
    ["private", false, false],
    ["trashed", true, true],
  ] as const)("a %s song", (_kind, isPublic, trashed) => {
    const hidden = async () => {
      const row = await song({ isPublic });
      const comment = await post(alice.client, row.id, { content: "note to self" });
      expect(comment.status).toBe(201);
      if (trashed)
        await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", row.id).execute();
      return { clipId: row.id, commentId: comment.body.id };
    };

    it("keeps its comments for its owner", async () => {
      const { clipId } = await hidden();
      expect(contents((await list(alice.client, clipId)).body)).toEqual(["note to self"]);
      expect((await post(alice.client, clipId, { content: "second" })).status).toBe(201);
    });

    it.each<Viewer>(["other user", "anonymous"])(
      "answers 404 to the %s for every comment call",
      async (viewer) => {
        const { clipId, commentId } = await hidden();
        const client = clientOf(viewer);
        const calls = [
          await client.get(`/api/gen/${clipId}/comments`),
          await client.get(`/api/gen/${clipId}/comments/count`),
          await client.get(`/api/comment/${commentId}/replies`),
          await client.post(`/api/gen/${clipId}/comment`, { content: "hello" }),
        ];
        for (const answer of calls) expect(answer).toMatchObject({ status: 404 });
        expect(calls[0].body).toEqual({ detail: "Clip not found" });
        if (viewer === "other user") {
          for (const answer of [
            await client.post(`/api/comment/${commentId}/reaction`, { reaction: "LIKE" }),
            await client.post(`/api/comment/${commentId}/report`, { reason: "spam" }),
            await client.request("DELETE", `/api/comment/${commentId}`),
          ])
            expect(answer).toMatchObject({ status: 404, body: { detail: COMMENT_MESSAGES.notFound } });
        }
        const stored = await db()
          .selectFrom("comments")
          .select(["like_count", "content"])
          .where("id", "=", commentId)
          .executeTakeFirstOrThrow();
        expect(stored).toEqual({ like_count: 0, content: "note to self" });
      },
    );
  });

  it("keeps cursor pages stable while comments arrive, in every order", async () => {
    const { id } = await song();
    for (let index = 0; index < 25; index += 1) await post(bob.client, id, { content: `c${index}` });
    // Likes for most_liked: c3 gets two, c7 one.
    const likesOf = async (content: string, clients: ApiClient[]) => {
      const row = await db()
        .selectFrom("comments")
        .select("id")
        .where("content", "=", content)
        .where("clip_id", "=", id)
        .executeTakeFirstOrThrow();
      for (const client of clients)
        await client.post(`/api/comment/${row.id}/reaction`, { reaction: "LIKE" });
    };
    await likesOf("c3", [alice.client, carol.client]);
    await likesOf("c7", [carol.client]);

    for (const order of ["newest", "oldest", "most_liked"] as const) {
      const first = await list(bob.client, id, `?order=${order}`);
      expect(first.body.comments).toHaveLength(20);
      expect(first.body.next_cursor).not.toBeNull();
      // Newcomers between the pages shift nothing.
      await post(carol.client, id, { content: `new-${order}` });
      const second = await list(
        bob.client,
        id,
        `?order=${order}&cursor=${encodeURIComponent(first.body.next_cursor as string)}`,
      );
      const seen = [...contents(first.body), ...contents(second.body)];
      const original = seen.filter((content) => /^c\d+$/.test(content));
      expect(new Set(original).size).toBe(25);
      expect(original).toHaveLength(25);
      if (order === "newest") expect(seen.slice(0, 2)).toEqual(["c24", "c23"]);
      if (order === "oldest") expect(seen.slice(0, 2)).toEqual(["c0", "c1"]);
      if (order === "most_liked") expect(seen.slice(0, 2)).toEqual(["c3", "c7"]);
    }
    const wrongOrder = await list(bob.client, id, "?order=oldest&cursor=");
    expect(wrongOrder.status).toBe(400);
    const first = await list(bob.client, id, "?order=newest");
    const mixed = await list(
      bob.client,
      id,
      `?order=oldest&cursor=${encodeURIComponent(first.body.next_cursor as string)}`,
    );
    expect(mixed.status).toBe(400);
    expect((await list(bob.client, id, "?cursor=garbage")).status).toBe(400);
    expect((await list(bob.client, id, "?order=loudest")).body).toMatchObject({
      detail: expect.stringMatching(/order/),
    });
  });

  it("takes one level of replies, in pages of 10, and refuses replies to replies", async () => {
    const { id } = await song();
    const parent = (await post(alice.client, id, { content: "parent" })).body;
    for (let index = 0; index < 12; index += 1)
      expect((await post(bob.client, id, { content: `r${index}`, parent_id: parent.id })).status).toBe(201);
    const top = await list(carol.client, id);
    expect(contents(top.body)).toEqual(["parent"]);
    expect(top.body.comments[0].reply_count).toBe(12);
    const first = await carol.client.get<CommentPage>(`/api/comment/${parent.id}/replies`);
    expect(first.body.comments).toHaveLength(REPLIES_PAGE_SIZE);
    expect(contents(first.body).slice(0, 2)).toEqual(["r0", "r1"]);
    const second = await carol.client.get<CommentPage>(
      `/api/comment/${parent.id}/replies?cursor=${encodeURIComponent(first.body.next_cursor as string)}`,
    );
    expect(contents(second.body)).toEqual(["r10", "r11"]);
    expect(second.body.next_cursor).toBeNull();

    const before = await rowCount();
    const nested = await post(carol.client, id, { content: "deeper", parent_id: first.body.comments[0].id });
    expect(nested).toMatchObject({ status: 400, body: { detail: COMMENT_MESSAGES.replyToReply } });
    const elsewhere = await song();
    const crossSong = await post(carol.client, elsewhere.id, { content: "x", parent_id: parent.id });
    expect(crossSong.status).toBe(404);
    expect(await rowCount()).toBe(before);

    // Deleting a reply lowers the count; deleting the parent takes its replies along.
    const reply = first.body.comments[0];
    expect((await bob.client.request("DELETE", `/api/comment/${reply.id}`)).status).toBe(200);
    expect((await list(carol.client, id)).body.comments[0].reply_count).toBe(11);
    expect((await alice.client.request("DELETE", `/api/comment/${parent.id}`)).status).toBe(200);
    expect((await carol.client.get(`/api/gen/${id}/comments/count`)).body).toEqual({ count: 0 });
  });

  it("counts likes and dislikes per user, and refuses reactions to deleted comments", async () => {
    const { id } = await song();
    const comment = (await post(bob.client, id, { content: "react to me" })).body;
    const react = (client: ApiClient, reaction: string | null) =>
      client.post(`/api/comment/${comment.id}/reaction`, { reaction });
    expect((await react(alice.client, "LIKE")).body).toEqual({
      like_count: 1,
      dislike_count: 0,
      reaction: "LIKE",
    });
    expect((await react(alice.client, "LIKE")).body).toEqual({
      like_count: 1,
      dislike_count: 0,
      reaction: "LIKE",
    });
    expect((await react(carol.client, "LIKE")).body).toMatchObject({ like_count: 2 });
    expect((await react(alice.client, "DISLIKE")).body).toEqual({
      like_count: 1,
      dislike_count: 1,
      reaction: "DISLIKE",
    });
    expect((await react(alice.client, null)).body).toEqual({
      like_count: 1,
      dislike_count: 0,
      reaction: null,
    });
    const seen = (await list(carol.client, id)).body.comments[0];
    expect(seen).toMatchObject({ like_count: 1, reaction: "LIKE" });
    expect((await react(alice.client, "LOVE")).status).toBe(400);
    expect((await react(server.client(), "LIKE")).status).toBe(401);

    expect((await bob.client.request("DELETE", `/api/comment/${comment.id}`)).status).toBe(200);
    expect(await react(carol.client, "LIKE")).toMatchObject({
      status: 404,
      body: { detail: COMMENT_MESSAGES.notFound },
    });
  });

  it("lets the author and the song's owner delete a comment, nobody else", async () => {
    const { id } = await song();
    const byBob = (await post(bob.client, id, { content: "mine" })).body;
    const byCarol = (await post(carol.client, id, { content: "hers" })).body;
    const refused = await carol.client.request("DELETE", `/api/comment/${byBob.id}`);
    expect(refused).toMatchObject({ status: 403, body: { detail: COMMENT_MESSAGES.notAllowedToDelete } });
    expect((await server.client().request("DELETE", `/api/comment/${byBob.id}`)).status).toBe(401);
    expect((await bob.client.request("DELETE", `/api/comment/${byBob.id}`)).status).toBe(200);
    expect((await alice.client.request("DELETE", `/api/comment/${byCarol.id}`)).status).toBe(200);
    expect(contents((await list(bob.client, id)).body)).toEqual([]);
  });

  it("keeps a report", async () => {
    const { id } = await song();
    const comment = (await post(bob.client, id, { content: "rude" })).body;
    expect((await carol.client.post(`/api/comment/${comment.id}/report`, { reason: "" })).status).toBe(400);
    const answer = await carol.client.post(`/api/comment/${comment.id}/report`, { reason: "harassment" });
    expect(answer).toMatchObject({ status: 200, body: { reported: true } });
    const reports = await db()
      .selectFrom("comment_reports")
      .selectAll()
      .where("comment_id", "=", comment.id)
      .execute();
    expect(reports.map((report) => [report.user_id, report.reason])).toEqual([[carol.id, "harassment"]]);
  });

  it("hides a blocked user's comments from the blocker and keeps them off the blocker's songs", async () => {
    const { id } = await song();
    await post(carol.client, id, { content: "from carol" });
    await post(bob.client, id, { content: "from bob" });
    const block = await alice.client.post("/api/comment/block-user", {
      handle: `@${carol.handle}`,
      reason: "spam",
    });
    expect(block).toMatchObject({ status: 200, body: { handle: carol.handle, blocked: true } });
    expect(contents((await list(alice.client, id)).body)).toEqual(["from bob"]);
    expect((await alice.client.get(`/api/gen/${id}/comments/count`)).body).toEqual({ count: 1 });
    // Others still see both.
    expect(contents((await list(bob.client, id)).body)).toEqual(["from bob", "from carol"]);
    const before = await rowCount();
    expect(await post(carol.client, id, { content: "again" })).toMatchObject({
      status: 403,
      body: { detail: COMMENT_MESSAGES.blocked },
    });
    expect(await rowCount()).toBe(before);
    expect((await alice.client.post("/api/comment/block-user", { handle: "no_such_user" })).status).toBe(404);
    expect((await alice.client.post("/api/comment/block-user", { handle: alice.handle })).status).toBe(400);
    expect((await server.client().post("/api/comment/block-user", { handle: carol.handle })).status).toBe(
      401,
    );
    await alice.client.post("/api/comment/unblock-user", { handle: carol.handle });
    expect((await post(carol.client, id, { content: "again" })).status).toBe(201);
  });

  it("refuses comments on a song whose owner turned them off", async () => {
    const { id } = await song();
    await db().updateTable("clips").set({ allow_comments: false }).where("id", "=", id).execute();
    const before = await rowCount();
    expect(await post(bob.client, id, { content: "hello" })).toMatchObject({
      status: 403,
      body: { detail: COMMENT_MESSAGES.disabled },
    });
    expect(await rowCount()).toBe(before);
  });

  it("refuses bad input with a clear detail, writing nothing", async () => {
    const { id } = await song({ duration: 90 });
    const before = await rowCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ content: "   " }, COMMENT_MESSAGES.empty],
      [{ content: "x".repeat(COMMENT_MAX + 1) }, COMMENT_MESSAGES.tooLong],
      [
        { content: "hi @ghost_user", user_mentions: ["ghost_user"] },
        COMMENT_MESSAGES.unknownHandle("ghost_user"),
      ],
      [{ content: "hi", user_mentions: ["bad handle!"] }, /Handles are/],
      [{ content: "late", track_timestamp: 91 }, COMMENT_MESSAGES.outsideSong],
      [{ content: "early", track_timestamp: -1 }, COMMENT_MESSAGES.outsideSong],
      [{ content: "orphan", parent_id: "5a0c1f4e-0000-4000-8000-00000000dead" }, COMMENT_MESSAGES.notFound],
      [{ content: "x", parent_id: "nope" }, /parent_id/],
    ];
    for (const [body, detail] of cases) {
      const answer = await post(bob.client, id, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      if (typeof detail === "string") expect(answer.body.detail).toContain(detail);
      else expect(answer.body.detail).toMatch(detail);
    }
    expect(await rowCount()).toBe(before);
    const mention = await post(bob.client, id, {
      content: `thanks @${carol.handle.toUpperCase()}`,
      user_mentions: [carol.handle.toUpperCase()],
    });
    expect(mention.body.user_mentions).toEqual([carol.handle]);
  });

  it("deep-links one comment above the first page", async () => {
    const { id } = await song();
    const linked = (await post(bob.client, id, { content: "the one" })).body;
    for (let index = 0; index < 3; index += 1) await post(bob.client, id, { content: `later ${index}` });
    const page = await list(carol.client, id, `?deeplink=${linked.id}`);
    expect(page.body.deeplinked_comment?.content).toBe("the one");
    const other = await song();
    expect((await list(carol.client, other.id, `?deeplink=${linked.id}`)).body.deeplinked_comment).toBeNull();
  });
});

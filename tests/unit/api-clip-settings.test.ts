// The song menu's calls on both databases: the owner changes their song; another user gets a 404
// and nothing changes; the signed out get a 401. Reports and Not Interested for any listener of a
// song they may see; bad input a 400 with its detail.

import { describe, expect, it } from "vitest";
import { flagResponseSchema } from "../../src/shared/api/clip-settings.ts";
import { type Clip, clipSchema, reactionResponseSchema } from "../../src/shared/api/clips.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("song menu settings on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (extra: Parameters<typeof newTestClip>[1] | object = {}) =>
    newTestClip(db(), { userId: alice.id, title: "Harbour", isPublic: true, ...extra });
  const stored = (id: string) =>
    db().selectFrom("clips").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** Each owner-only call: what it sends, and what the stored row shows after it. */
  const OWNER_CALLS: {
    name: string;
    path: (id: string) => string;
    body: unknown;
    changed: (row: Awaited<ReturnType<typeof stored>>) => unknown;
    expected: unknown;
  }[] = [
    {
      name: "toggle_comments",
      path: (id) => `/api/gen/${id}/toggle_comments/`,
      body: { can_comment: false },
      changed: (row) => row.allow_comments,
      expected: false,
    },
    {
      name: "toggle_remixes",
      path: (id) => `/api/clips/${id}/toggle_remixes/`,
      body: { can_remix: false },
      changed: (row) => (row.metadata as Clip["metadata"]).can_remix,
      expected: false,
    },
    {
      name: "toggle_show_remixes",
      path: (id) => `/api/clips/${id}/toggle_show_remixes`,
      body: { show_remix: true },
      changed: (row) => (row.metadata as Clip["metadata"]).show_remix,
      expected: true,
    },
    {
      name: "set_remix_type",
      path: (id) => `/api/clips/${id}/set_remix_type`,
      body: { remix: "cover" },
      changed: (row) => (row.metadata as Clip["metadata"]).remix,
      expected: "cover",
    },
    {
      name: "set_clip_prompt",
      path: (id) => `/api/gen/${id}/set_clip_prompt/`,
      body: { prompt: "[Verse]\nNew words" },
      changed: (row) => (row.metadata as Clip["metadata"]).prompt,
      expected: "[Verse]\nNew words",
    },
    {
      name: "set_display_tags",
      path: (id) => `/api/gen/${id}/set_display_tags`,
      body: { display_tags: " sea shanty " },
      changed: (row) => row.display_tags,
      expected: "sea shanty",
    },
    {
      name: "set_configurations",
      path: (id) => `/api/gen/${id}/set_configurations/`,
      body: { configurations: { mode: "custom", weirdness: 0.4 } },
      changed: (row) => (row.metadata as Clip["metadata"]).configurations,
      expected: { mode: "custom", weirdness: 0.4 },
    },
  ];

  for (const call of OWNER_CALLS) {
    describe(call.name, () => {
      it("changes the owner's song and answers it", async () => {
        const row = await song();
        const response = await alice.client.post<Clip>(call.path(row.id), call.body);
        expect(response.status).toBe(200);
        expect(clipSchema.parse(response.body).id).toBe(row.id);
        expect(call.changed(await stored(row.id))).toEqual(call.expected);
      });

      it("answers another user 404 and the signed out 401, changing nothing", async () => {
        for (const isPublic of [true, false]) {
          const row = await song({ isPublic });
          const before = await stored(row.id);
          const other = await bob.client.post(call.path(row.id), call.body);
          expect(other.status).toBe(404);
          expect(other.body).toEqual({ detail: "Clip not found" });
          const anonymous = await server.client().post(call.path(row.id), call.body);
          expect(anonymous.status).toBe(401);
          expect(await stored(row.id)).toEqual(before);
        }
      });
    });
  }

  it("refuses bad input with its detail: unknown remix types, over-long lyrics and tags", async () => {
    const row = await song();
    const remix = await alice.client.post(`/api/clips/${row.id}/set_remix_type`, { remix: "mashup" });
    expect(remix.status).toBe(400);
    expect(remix.body.detail).toMatch(/Remix types are all, cover, extend/);
    const prompt = await alice.client.post(`/api/gen/${row.id}/set_clip_prompt/`, {
      prompt: "x".repeat(5001),
    });
    expect(prompt.status).toBe(400);
    expect(prompt.body.detail).toMatch(/prompt_too_long/);
    const tags = await alice.client.post(`/api/gen/${row.id}/set_display_tags`, {
      display_tags: "x".repeat(1001),
    });
    expect(tags.status).toBe(400);
    const comments = await alice.client.post(`/api/gen/${row.id}/toggle_comments/`, { can_comment: "no" });
    expect(comments.status).toBe(400);
    expect(await stored(row.id)).toMatchObject({ allow_comments: true, display_tags: null });
  });

  it("refuses configurations that are no object or too large, changing nothing", async () => {
    const row = await song({ metadata: { configurations: { kept: 1 } } });
    const path = `/api/gen/${row.id}/set_configurations/`;
    const list = await alice.client.post(path, { configurations: [1, 2] });
    expect(list.status).toBe(400);
    expect(list.body.detail).toMatch(/configurations is an object/);
    const large = await alice.client.post(path, { configurations: { text: "x".repeat(10_001) } });
    expect(large.status).toBe(400);
    expect(large.body.detail).toMatch(/at most 10000 characters/);
    expect((await stored(row.id)).metadata).toMatchObject({ configurations: { kept: 1 } });
  });

  describe("unlock-preview", () => {
    const preview = (isPublic = false) => song({ isPublic, metadata: { type: "preview" } });
    const typeOf = async (id: string) => ((await stored(id)).metadata as Clip["metadata"]).type;

    it("makes the owner's preview the full song, once", async () => {
      const row = await preview();
      const unlocked = await alice.client.post<Clip>(`/api/gen/${row.id}/unlock-preview`);
      expect(unlocked.status).toBe(200);
      expect(clipSchema.parse(unlocked.body).metadata.type).toBe("gen");
      expect(await typeOf(row.id)).toBe("gen");
      const again = await alice.client.post(`/api/gen/${row.id}/unlock-preview`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: "This song is not a preview" });
    });

    it("answers another user 404 and the signed out 401, leaving the preview locked", async () => {
      for (const isPublic of [true, false]) {
        const row = await preview(isPublic);
        const other = await bob.client.post(`/api/gen/${row.id}/unlock-preview`);
        expect(other.status).toBe(404);
        expect(other.body).toEqual({ detail: "Clip not found" });
        expect((await server.client().post(`/api/gen/${row.id}/unlock-preview`)).status).toBe(401);
        expect(await typeOf(row.id)).toBe("preview");
      }
    });
  });

  it("keeps remixes allowed on a song in a contest", async () => {
    const row = await song({ metadata: { contest_ids: ["c1"] } });
    const response = await alice.client.post(`/api/clips/${row.id}/toggle_remixes/`, { can_remix: false });
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("Remixes stay allowed while the song is in a contest");
    expect((await stored(row.id)).metadata).not.toHaveProperty("can_remix");
  });

  it("sets every song's remix permission but those in contests, for the caller only", async () => {
    const mine = await song();
    const contest = await song({ metadata: { contest_ids: ["c1"] } });
    const bobs = await newTestClip(db(), { userId: bob.id, title: "Bob's" });
    const response = await alice.client.post("/api/clips/set_all_remix_permissions/?can_remix=false");
    expect(response.status).toBe(200);
    expect(response.body.updated).toBeGreaterThanOrEqual(1);
    expect((await stored(mine.id)).metadata).toMatchObject({ can_remix: false });
    expect((await stored(contest.id)).metadata).not.toHaveProperty("can_remix");
    expect((await stored(bobs.id)).metadata).not.toHaveProperty("can_remix");
    expect((await server.client().post("/api/clips/set_all_remix_permissions/?can_remix=true")).status).toBe(
      401,
    );
    expect((await alice.client.post("/api/clips/set_all_remix_permissions/?can_remix=maybe")).status).toBe(
      400,
    );
  });

  describe("reports", () => {
    const flags = (clipId: string) =>
      db().selectFrom("clip_flags").selectAll().where("clip_id", "=", clipId).execute();

    it("keeps one report per listener of a song they may see, and takes it back", async () => {
      const row = await song();
      const path = `/api/gen/${row.id}/update_flag_state/`;
      const first = await bob.client.post(path, {
        flagged: true,
        flagged_reason: "flag_bug",
        flagged_reason_details: " x ",
      });
      expect(first.status).toBe(200);
      expect(flagResponseSchema.parse(first.body)).toEqual({ flagged: true });
      await bob.client.post(path, { flagged: true, flagged_reason: "flag_copyright" });
      expect(await flags(row.id)).toMatchObject([{ user_id: bob.id, reason: "flag_copyright" }]);
      expect((await bob.client.post(path, { flagged: false })).body).toEqual({ flagged: false });
      expect(await flags(row.id)).toEqual([]);
    });

    it("refuses unknown reasons, private songs of others and the signed out", async () => {
      const row = await song();
      const path = `/api/gen/${row.id}/update_flag_state/`;
      expect((await bob.client.post(path, { flagged: true, flagged_reason: "flag_boring" })).status).toBe(
        400,
      );
      expect((await bob.client.post(path, { flagged: true })).status).toBe(400);
      expect((await server.client().post(path, { flagged: true, flagged_reason: "flag_bug" })).status).toBe(
        401,
      );
      const hidden = await song({ isPublic: false });
      const other = await bob.client.post(`/api/gen/${hidden.id}/update_flag_state/`, {
        flagged: true,
        flagged_reason: "flag_bug",
      });
      expect(other.status).toBe(404);
      expect(await flags(hidden.id)).toEqual([]);
    });
  });

  describe("Not Interested", () => {
    const marks = (clipId: string) =>
      db().selectFrom("clip_not_interested").select("user_id").where("clip_id", "=", clipId).execute();

    it("marks a song and unmarks it, once each", async () => {
      const row = await song();
      const path = `/api/recommend/feedback/song/${row.id}`;
      const body = { feedback_type: "not_interested" };
      expect((await bob.client.post(path, body)).body).toEqual({ not_interested: true });
      expect((await bob.client.post(path, body)).status).toBe(200);
      expect(await marks(row.id)).toEqual([{ user_id: bob.id }]);
      const undo = await bob.client.request("DELETE", path, body);
      expect(undo.body).toEqual({ not_interested: false });
      expect(await marks(row.id)).toEqual([]);
    });

    it("refuses other feedback, others' private songs and the signed out", async () => {
      const row = await song();
      const path = `/api/recommend/feedback/song/${row.id}`;
      expect((await bob.client.post(path, { feedback_type: "love" })).status).toBe(400);
      expect((await server.client().post(path, { feedback_type: "not_interested" })).status).toBe(401);
      const hidden = await song({ isPublic: false });
      const other = await bob.client.post(`/api/recommend/feedback/song/${hidden.id}`, {
        feedback_type: "not_interested",
      });
      expect(other.status).toBe(404);
      expect(await marks(hidden.id)).toEqual([]);
    });
  });

  describe("reactions", () => {
    it("refuses a reaction on a trashed song, and on another user's private one, changing nothing", async () => {
      const trashed = await song({ isPublic: true });
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
      const own = await alice.client.post(`/api/gen/${trashed.id}/update_reaction_type/`, { reaction: "L" });
      expect(own.status).toBe(409);
      expect(own.body.detail).toBe("Restore the song from the trash before reacting to it");
      const hidden = await song({ isPublic: false });
      const other = await bob.client.post(`/api/gen/${hidden.id}/update_reaction_type/`, { reaction: "L" });
      expect(other.status).toBe(404);
      for (const id of [trashed.id, hidden.id]) expect((await stored(id)).upvote_count).toBe(0);
    });

    it("counts a like up, and a dislike of a liked song down", async () => {
      const row = await song();
      const path = `/api/gen/${row.id}/update_reaction_type/`;
      const liked = reactionResponseSchema.parse((await bob.client.post(path, { reaction: "L" })).body);
      expect(liked.upvote_count).toBe(1);
      const disliked = reactionResponseSchema.parse((await bob.client.post(path, { reaction: "D" })).body);
      expect(disliked).toEqual({ reaction: { reaction_type: "D", feedback_reason: null }, upvote_count: 0 });
    });
  });
});

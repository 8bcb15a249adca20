import { Readable } from "node:stream";
import { encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { createClip, updateClip } from "../../src/server/clips/clip-store.ts";
import {
  type Clip,
  clipSchema,
  reactionResponseSchema,
  setMetadataResponseSchema,
} from "../../src/shared/api/clips.ts";
import { newClipWithAudio, newTestClip, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("clips on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const clipOf = (userId: string, extra: Parameters<typeof newTestClip>[1] | object = {}) =>
    newTestClip(db(), { userId, title: "A song", ...extra });

  describe("the clip store other modules call", () => {
    it("creates clips with validated metadata, and merges later changes into them", async () => {
      const row = await createClip(db(), {
        userId: alice.id,
        title: "Generated",
        status: "submitted",
        metadata: { type: "gen", tags: "jazz", prompt: "[Verse]" },
      });
      expect(row).toMatchObject({ status: "submitted", is_public: false, audio_key: null });
      const done = await updateClip(db(), row.id, {
        status: "complete",
        audioKey: "clips/x/audio.wav",
        metadata: { duration: 12.5, tags: "jazz, swing" },
      });
      expect(done).toMatchObject({ status: "complete", audio_key: "clips/x/audio.wav", title: "Generated" });
      expect(done?.metadata).toEqual({ type: "gen", tags: "jazz, swing", prompt: "[Verse]", duration: 12.5 });
      expect((await updateClip(db(), row.id, {}))?.status).toBe("complete");
      expect(
        await updateClip(db(), "00000000-0000-4000-8000-000000000000", { status: "error" }),
      ).toBeUndefined();
    });

    it("throws on metadata fields it does not know and on over-long titles", async () => {
      await expect(createClip(db(), { userId: alice.id, metadata: { tagz: "x" } as never })).rejects.toThrow(
        /^Invalid clip metadata: /,
      );
      await expect(createClip(db(), { userId: alice.id, metadata: { duration: -1 } })).rejects.toThrow(
        /duration/,
      );
      await expect(createClip(db(), { userId: alice.id, title: "t".repeat(101) })).rejects.toThrow(
        /100 characters/,
      );
    });
  });

  describe("reading a clip", () => {
    it("answers a public clip to anyone, in the shape the pages read", async () => {
      const { row } = await newClipWithAudio(
        db(),
        server.storage(),
        {
          userId: alice.id,
          title: "Morning Light",
          isPublic: true,
          modelName: "tunesmith-demo",
          metadata: { type: "gen", tags: "folk, warm", prompt: "[Verse]", duration: 0.1, has_vocal: false },
        },
        { channels: testAudio(4410), sampleRate: 44_100 },
      );
      for (const client of [server.client(), bob.client, alice.client]) {
        const response = await client.get<Clip>(`/api/clip/${row.id}`);
        expect(response.status).toBe(200);
        expect(clipSchema.parse(response.body)).toEqual(response.body);
        expect(response.body).toMatchObject({
          id: row.id,
          user_id: alice.id,
          user_handle: alice.handle,
          handle: alice.handle,
          title: "Morning Light",
          status: "complete",
          is_public: true,
          is_trashed: false,
          model_name: "tunesmith-demo",
          reaction: null,
          image_url: null,
          metadata: { type: "gen", tags: "folk, warm", prompt: "[Verse]", duration: 0.1, has_vocal: false },
        });
        expect(response.body.audio_url).toMatch(new RegExp(`^/api/media/clips/${row.id}/audio\\.wav\\?v=`));
        expect(new Date(response.body.created_at).getTime()).toBe(
          (row.created_at as unknown as Date).getTime(),
        );
      }
    });

    it("keeps an empty title as stored (pages show Untitled)", async () => {
      const row = await newTestClip(db(), { userId: alice.id, isPublic: true });
      const response = await server.client().get<Clip>(`/api/clip/${row.id}`);
      expect(response.body.title).toBe("");
    });

    it("hides another user's private or trashed clip behind the same 404 as a missing one", async () => {
      const privateClip = await clipOf(alice.id);
      const trashed = await clipOf(alice.id, { isPublic: true });
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
      for (const id of [privateClip.id, trashed.id, "00000000-0000-4000-8000-000000000000"]) {
        for (const client of [bob.client, server.client()]) {
          const response = await client.get(`/api/clip/${id}`);
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ detail: "Clip not found" });
        }
      }
      // Their owner still sees both.
      expect((await alice.client.get(`/api/clip/${privateClip.id}`)).status).toBe(200);
      expect((await alice.client.get<Clip>(`/api/clip/${trashed.id}`)).body.is_trashed).toBe(true);
    });

    it("refuses an id that is not a UUID with a 400 naming it", async () => {
      const response = await server.client().get("/api/clip/not-a-uuid");
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid path: clip_id: /);
    });

    it("answers songs by ids: the visible ones, in the order asked", async () => {
      const mine = await clipOf(alice.id);
      const theirsPublic = await clipOf(bob.id, { isPublic: true });
      const theirsPrivate = await clipOf(bob.id);
      const ids = [theirsPublic.id, theirsPrivate.id, mine.id].join(",");
      const response = await alice.client.get<{ clips: Clip[] }>(`/api/clips/get_songs_by_ids?ids=${ids}`);
      expect(response.status).toBe(200);
      expect(response.body.clips.map((clip) => clip.id)).toEqual([theirsPublic.id, mine.id]);
      const bad = await alice.client.get("/api/clips/get_songs_by_ids?ids=abc");
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/^Invalid query: ids/);
      expect((await alice.client.get("/api/clips/get_songs_by_ids")).status).toBe(400);
    });
  });

  describe("set_metadata", () => {
    const path = (id: string) => `/api/gen/${id}/set_metadata/`;

    it("changes only the fields sent and answers the clip with its prompt", async () => {
      const row = await clipOf(alice.id, {
        caption: "old caption",
        metadata: { tags: "rock", prompt: "old" },
      });
      const response = await alice.client.post(path(row.id), {
        title: "  New title  ",
        lyrics: "[Chorus] la",
      });
      expect(response.status).toBe(200);
      const clip = setMetadataResponseSchema.parse(response.body);
      expect(clip.title).toBe("New title");
      expect(clip.prompt).toBe("[Chorus] la");
      expect(clip.caption).toBe("old caption");
      expect(clip.metadata).toMatchObject({ tags: "rock", prompt: "[Chorus] la" });
      const again = await alice.client.post(path(row.id), {
        caption: "Hi @friend",
        caption_mentions: ["friend"],
      });
      expect(again.body).toMatchObject({
        title: "New title",
        caption: "Hi @friend",
        caption_mentions: ["friend"],
      });
    });

    it("accepts a 100-character title and refuses 101 with a 400 saying why", async () => {
      const row = await clipOf(alice.id);
      const ok = await alice.client.post(path(row.id), { title: "x".repeat(100) });
      expect(ok.status).toBe(200);
      const tooLong = await alice.client.post(path(row.id), { title: "y".repeat(101) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({
        detail: "Invalid body: title: Title too long: titles are at most 100 characters",
      });
      expect((await alice.client.get<Clip>(`/api/clip/${row.id}`)).body.title).toBe("x".repeat(100));
    });

    it("accepts a caption of 2000 characters and refuses 2001 with a 400 saying why, keeping the old one", async () => {
      const row = await clipOf(alice.id);
      expect((await alice.client.post(path(row.id), { caption: "c".repeat(2000) })).status).toBe(200);
      const tooLong = await alice.client.post(path(row.id), { caption: "d".repeat(2001) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({
        detail: "Invalid body: caption: Caption too long: at most 2000 characters",
      });
      expect((await alice.client.get<Clip>(`/api/clip/${row.id}`)).body.caption).toBe("c".repeat(2000));
    });

    it("sets a cover from the owner's uploaded image and removes it; refuses any other key or id", async () => {
      const row = await clipOf(alice.id);
      const storage = server.storage();
      const upload = async (user: typeof alice) => {
        const response = await fetch(`${server.url()}/api/uploads/image/`, {
          method: "POST",
          headers: { authorization: `Bearer ${user.token}`, "content-type": "image/png" },
          body: Buffer.from(
            encodePng({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(90), channels: 4 }),
          ),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { image_s3_id: string }).image_s3_id;
      };
      const mine = await upload(alice);
      const bobs = await upload(bob);
      const set = await alice.client.post<Clip>(path(row.id), { image_s3_id: mine });
      expect(set.body.image_url).toMatch(new RegExp(`^/api/media/clips/${row.id}/image\\.jpg\\?v=`));
      await storage.put("uploads/test/cover.png", Readable.from([Buffer.from("png")]), {
        contentType: "image/png",
      });
      const others = [bobs, "uploads/test/cover.png", `images/${bob.id}/${bobs}.jpg`, "../outside.png"];
      for (const key of [...others, "00000000-0000-4000-8000-000000000000"]) {
        const refused = await alice.client.post(path(row.id), { image_s3_id: key });
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ detail: "The cover image was not found: upload it again" });
      }
      const elsewhere = await alice.client.post(path(row.id), { image_url: "https://example.com/a.png" });
      expect(elsewhere.status).toBe(400);
      const removed = await alice.client.post<Clip>(path(row.id), { remove_image_cover: true });
      expect(removed.body.image_url).toBeNull();
    });

    it("is the owner's only: 404 on another's clip, public or hidden, unchanged; 401 signed out", async () => {
      const publicClip = await clipOf(alice.id, { isPublic: true });
      const privateClip = await clipOf(alice.id);
      const refused = await bob.client.post(path(publicClip.id), { title: "mine now" });
      expect([refused.status, refused.body]).toEqual([404, { detail: "Clip not found" }]);
      expect((await bob.client.get<Clip>(`/api/clip/${publicClip.id}`)).body.title).not.toBe("mine now");
      expect((await bob.client.post(path(privateClip.id), { title: "mine now" })).body).toEqual({
        detail: "Clip not found",
      });
      expect((await server.client().post(path(publicClip.id), { title: "x" })).status).toBe(401);
    });

    it("refuses mistyped fields with a 400 naming them", async () => {
      const row = await clipOf(alice.id);
      const response = await alice.client.post(path(row.id), { title: 5, caption_mentions: "a" });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid body: title: .*; caption_mentions: /);
      const notJson = await alice.client.request("POST", path(row.id), "{", {
        "content-type": "application/json",
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body).toHaveProperty("detail");
    });
  });

  describe("set_visibility", () => {
    const path = (id: string) => `/api/gen/${id}/set_visibility/`;

    it("publishes a complete song and unpublishes it, clearing its contest entries", async () => {
      const row = await clipOf(alice.id, { metadata: { contest_ids: ["c1"] } });
      const published = await alice.client.post<Clip>(path(row.id), { is_public: true });
      expect(published.status).toBe(200);
      expect(published.body.is_public).toBe(true);
      expect((await bob.client.get(`/api/clip/${row.id}`)).status).toBe(200);
      const hidden = await alice.client.post<Clip>(path(row.id), { is_public: false });
      expect(hidden.body.is_public).toBe(false);
      expect(hidden.body.metadata.contest_ids).toEqual([]);
      expect((await bob.client.get(`/api/clip/${row.id}`)).status).toBe(404);
    });

    it("refuses to publish an unfinished or trashed song, or someone else's", async () => {
      const running = await clipOf(alice.id, { status: "streaming" });
      expect((await alice.client.post(path(running.id), { is_public: true })).body).toEqual({
        detail: "Only complete songs can be published",
      });
      const trashed = await clipOf(alice.id);
      await alice.client.post("/api/gen/trash", { trash: true, clip_ids: [trashed.id] });
      const refused = await alice.client.post(path(trashed.id), { is_public: true });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: "Restore the song from the trash before publishing it" });
      const theirs = await clipOf(bob.id, { isPublic: true });
      const notHers = await alice.client.post(path(theirs.id), { is_public: false });
      expect([notHers.status, notHers.body]).toEqual([404, { detail: "Clip not found" }]);
      expect((await bob.client.get<Clip>(`/api/clip/${theirs.id}`)).body.is_public).toBe(true);
      expect((await alice.client.post(path(theirs.id), { is_public: "yes" })).status).toBe(400);
    });
  });

  describe("trash and delete", () => {
    it("trashes and restores the owner's clips, all or none", async () => {
      const first = await clipOf(alice.id, { isPublic: true });
      const second = await clipOf(alice.id);
      const trashed = await alice.client.post("/api/gen/trash", {
        trash: true,
        clip_ids: [first.id, second.id],
      });
      expect(trashed.status).toBe(200);
      expect(trashed.body).toEqual({ clip_ids: [first.id, second.id], is_trashed: true });
      // A trashed public song is hidden from everyone else.
      expect((await bob.client.get(`/api/clip/${first.id}`)).status).toBe(404);
      const trash = await alice.client.get<{ clips: Clip[]; num_total_results: number }>(
        "/api/clips/trashed_v2",
      );
      expect(trash.body.clips.map((clip) => clip.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      const restored = await alice.client.post("/api/gen/trash", { trash: false, clip_ids: [first.id] });
      expect(restored.body).toEqual({ clip_ids: [first.id], is_trashed: false });
      expect((await bob.client.get(`/api/clip/${first.id}`)).status).toBe(200);

      const theirs = await clipOf(bob.id, { isPublic: true });
      const mixed = await alice.client.post("/api/gen/trash", {
        trash: true,
        clip_ids: [second.id, theirs.id],
      });
      expect([mixed.status, mixed.body]).toEqual([404, { detail: "Clip not found" }]);
      expect((await bob.client.get<Clip>(`/api/clip/${theirs.id}`)).body.is_trashed).toBe(false);
      const hidden = await clipOf(bob.id);
      expect((await alice.client.post("/api/gen/trash", { trash: true, clip_ids: [hidden.id] })).status).toBe(
        404,
      );
    });

    it("validates the trash body", async () => {
      for (const body of [
        {},
        { trash: true },
        { trash: true, clip_ids: [] },
        { trash: "yes", clip_ids: ["x"] },
      ]) {
        const response = await alice.client.post("/api/gen/trash", body);
        expect(response.status).toBe(400);
        expect(response.body.detail).toMatch(/^Invalid body: /);
      }
      expect((await server.client().post("/api/gen/trash", { trash: true, clip_ids: [] })).status).toBe(400);
    });

    it("deletes trashed clips for good, with their media; refuses untrashed ones", async () => {
      const storage = server.storage();
      const { row } = await newClipWithAudio(
        db(),
        storage,
        { userId: alice.id },
        { channels: testAudio(1000), sampleRate: 8000 },
      );
      const kept = await clipOf(alice.id);
      const refused = await alice.client.post("/api/clips/delete/", { ids: [row.id, kept.id] });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/^Clip could not be deleted/);
      await alice.client.post("/api/gen/trash", { trash: true, clip_ids: [row.id] });
      expect((await bob.client.post("/api/clips/delete/", { ids: [row.id] })).status).toBe(404);
      const deleted = await alice.client.post("/api/clips/delete/", { ids: [row.id] });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ids: [row.id] });
      expect((await alice.client.get(`/api/clip/${row.id}`)).status).toBe(404);
      expect(await storage.stat(row.audio_key as string)).toBeNull();
      expect((await alice.client.get(`/api/clip/${kept.id}`)).status).toBe(200);
      expect((await alice.client.post("/api/clips/delete/", { ids: "x" })).status).toBe(400);
    });
  });

  describe("reactions", () => {
    const path = (id: string) => `/api/gen/${id}/update_reaction_type/`;

    it("likes, dislikes and clears, with the upvote count following likes", async () => {
      const row = await clipOf(alice.id, { isPublic: true });
      const like = await bob.client.post(path(row.id), { reaction: "L" });
      expect(reactionResponseSchema.parse(like.body)).toEqual({
        reaction: { reaction_type: "L", feedback_reason: null },
        upvote_count: 1,
      });
      expect((await bob.client.post(path(row.id), { reaction: "L" })).body.upvote_count).toBe(1);
      expect((await alice.client.post(path(row.id), { reaction: "L" })).body.upvote_count).toBe(2);
      const dislike = await bob.client.post(path(row.id), { reaction: "D" });
      expect(dislike.body).toEqual({
        reaction: { reaction_type: "D", feedback_reason: null },
        upvote_count: 1,
      });
      const feedback = await bob.client.post(`/api/gen/${row.id}/update_feedback_state/`, {
        feedback_reason: "too_loud,off_key",
      });
      expect(feedback.body).toEqual({
        reaction: { reaction_type: "D", feedback_reason: "too_loud,off_key" },
      });
      const seen = await bob.client.get<Clip>(`/api/clip/${row.id}`);
      expect(seen.body.reaction).toEqual({ reaction_type: "D", feedback_reason: "too_loud,off_key" });
      expect(seen.body.upvote_count).toBe(1);
      const cleared = await alice.client.post(path(row.id), { reaction: null });
      expect(cleared.body).toEqual({ reaction: null, upvote_count: 0 });
      expect((await server.client().get<Clip>(`/api/clip/${row.id}`)).body.reaction).toBeNull();
    });

    it("refuses hidden clips, bad reactions and signed-out users", async () => {
      const hidden = await clipOf(alice.id);
      expect((await bob.client.post(path(hidden.id), { reaction: "L" })).status).toBe(404);
      const bad = await alice.client.post(path(hidden.id), { reaction: "LOVE" });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe("Invalid body: reaction: Reactions are L (like), D (dislike) or null");
      expect((await server.client().post(path(hidden.id), { reaction: "L" })).status).toBe(401);
      const stranger = await bob.client.post(`/api/gen/${hidden.id}/update_feedback_state/`, {
        feedback_reason: "bug",
      });
      expect(stranger.status).toBe(404);
      const anonymous = server.client().post(`/api/gen/${hidden.id}/update_feedback_state/`, {
        feedback_reason: "bug",
      });
      expect((await anonymous).status).toBe(401);
      const tooLong = await alice.client.post(`/api/gen/${hidden.id}/update_feedback_state/`, {
        feedback_reason: "x".repeat(501),
      });
      expect(tooLong.status).toBe(400);
      const trashed = await clipOf(alice.id);
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
      const onTrashed = await alice.client.post(`/api/gen/${trashed.id}/update_feedback_state/`, {
        feedback_reason: "bug",
      });
      expect(onTrashed.status).toBe(409);
      const rows = await db()
        .selectFrom("clip_reactions")
        .selectAll()
        .where("clip_id", "in", [hidden.id, trashed.id])
        .execute();
      expect(rows).toEqual([]);
    });

    it("keeps reasons given without a reaction as a dislike's, the like count unchanged", async () => {
      const row = await clipOf(alice.id, { isPublic: true });
      await alice.client.post(path(row.id), { reaction: "L" });
      const feedback = await bob.client.post(`/api/gen/${row.id}/update_feedback_state/`, {
        feedback_reason: "bug",
      });
      expect(feedback.body).toEqual({ reaction: { reaction_type: "D", feedback_reason: "bug" } });
      const seen = await bob.client.get<Clip>(`/api/clip/${row.id}`);
      expect(seen.body).toMatchObject({
        reaction: { reaction_type: "D", feedback_reason: "bug" },
        upvote_count: 1,
      });
      // On a like, the reasons join the like.
      const liked = await alice.client.post(`/api/gen/${row.id}/update_feedback_state/`, {
        feedback_reason: "copyright",
      });
      expect(liked.body).toEqual({ reaction: { reaction_type: "L", feedback_reason: "copyright" } });
      expect((await alice.client.get<Clip>(`/api/clip/${row.id}`)).body.upvote_count).toBe(1);
    });
  });
});

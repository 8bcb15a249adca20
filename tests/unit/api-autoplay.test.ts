import { describe, expect, it } from "vitest";
import { type AutoplayResponse, autoplayResponseSchema } from "../../src/shared/api/autoplay.ts";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("autoplay on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (userId: string, tags: string, options: { isPublic?: boolean; bpm?: number } = {}) =>
    newTestClip(db(), {
      userId,
      status: "complete",
      audioKey: "audio.wav",
      isPublic: options.isPublic ?? true,
      metadata: { tags, avg_bpm: options.bpm ?? null },
    });
  const autoplay = (user: TestUser | null, body: object) =>
    (user?.client ?? server.client()).post<AutoplayResponse>("/api/clips/autoplay/", body);
  const ids = (answer: { body: AutoplayResponse }) =>
    autoplayResponseSchema.parse(answer.body).clips.map((c) => c.id);

  it("answers songs like the current one first, never one already queued, never a private one of someone else", async () => {
    const seed = await song(alice.id, "zydeco, A minor", { bpm: 120 });
    const close = await song(bob.id, "zydeco, C major", { bpm: 124 });
    const queued = await song(bob.id, "zydeco");
    const hidden = await song(bob.id, "zydeco", { isPublic: false });
    const trashed = await song(bob.id, "zydeco");
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
    const unfinished = await newTestClip(db(), { userId: bob.id, isPublic: true, status: "streaming" });
    const answer = await autoplay(alice, { clip_id: seed.id, clips_in_queue: [{ clip_id: queued.id }] });
    expect(answer.status).toBe(200);
    const found = ids(answer);
    expect(found[0]).toBe(close.id);
    for (const left of [seed.id, queued.id, hidden.id, trashed.id, unfinished.id])
      expect(found).not.toContain(left);
    // Bob hears his own private song; anonymous callers only public ones.
    expect(ids(await autoplay(bob, { clip_id: seed.id }))).toContain(hidden.id);
    const anonymous = ids(await autoplay(null, { clip_id: seed.id, page_size: 30 }));
    expect(anonymous).toContain(close.id);
    expect(anonymous).not.toContain(hidden.id);
  });

  it("plays on through the playlist's songs not yet queued, in its order, and keeps to page_size", async () => {
    const songs = [
      await song(alice.id, "polka"),
      await song(alice.id, "polka"),
      await song(alice.id, "polka"),
    ];
    const playlist = (await alice.client.post<PlaylistSummary>("/api/playlist/create/", { name: "P" })).body;
    await alice.client.post("/api/playlist/update_clips/", {
      playlist_id: playlist.id,
      update_type: "add",
      metadata: { clip_ids: songs.map((s) => s.id).reverse() },
    });
    const answer = await autoplay(alice, {
      clip_id: songs[2]?.id,
      playlist_id: playlist.id,
      clips_in_queue: [{ clip_id: songs[2]?.id }],
      page_size: 2,
    });
    expect(ids(answer)).toEqual([songs[1]?.id, songs[0]?.id]);
    // A private playlist of someone else's gives nothing of its own: Bob gets other songs, not its order.
    const asBob = ids(await autoplay(bob, { playlist_id: playlist.id, page_size: 1 }));
    expect(asBob).toHaveLength(1);
  });

  it("matches the search a queue came from", async () => {
    const match = await song(bob.id, "klezmer-unique");
    const answer = await autoplay(null, { query: "KLEZMER-UNIQUE", page_size: 1 });
    expect(ids(answer)).toEqual([match.id]);
  });

  it("refuses a bad body with a clear detail", async () => {
    const tooMany = Array.from({ length: 51 }, (_, at) => ({ clip_id: `c${at}` }));
    const answer = await autoplay(alice, { clips_in_queue: tooMany });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("Send at most the last 50 queue entries");
    expect((await autoplay(alice, { page_size: 31 })).status).toBe(400);
    expect((await autoplay(alice, { clip_id: "not-a-uuid" })).status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { type PlaylistDetail, playlistDetailSchema } from "../../src/shared/api/playlist-page.ts";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the playlist page's calls on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (userId: string, duration: number, isPublic = true) =>
    newTestClip(db(), { userId, status: "complete", audioKey: "a.wav", isPublic, metadata: { duration } });
  async function playlistOf(user: TestUser, clipIds: string[]): Promise<string> {
    const playlist = (await user.client.post<PlaylistSummary>("/api/playlist/create/", {})).body;
    await user.client.post("/api/playlist/update_clips/", {
      playlist_id: playlist.id,
      update_type: "add",
      metadata: { clip_ids: clipIds },
    });
    return playlist.id;
  }
  const read = (user: TestUser | null, id: string, page = 1) =>
    (user?.client ?? server.client()).get<PlaylistDetail>(`/api/playlist/${id}/?page=${page}`);
  const order = (answer: { body: PlaylistDetail }) =>
    playlistDetailSchema.parse(answer.body).playlist_clips.map((entry) => entry.clip.id);

  it("pages by 20, with counts and length over the songs the viewer may hear", async () => {
    const songs = [];
    for (let n = 0; n < 22; n++) songs.push(await song(alice.id, 10));
    const bobsPrivate = await song(bob.id, 100, false);
    const bobsPublic = await song(bob.id, 30);
    const id = await playlistOf(alice, [...songs.map((s) => s.id), bobsPublic.id]);
    // Bob's song goes private after it was added: it leaves the list and the counts.
    await db().updateTable("clips").set({ is_public: false }).where("id", "=", bobsPublic.id).execute();
    await db()
      .insertInto("playlist_clips")
      .values({ playlist_id: id, clip_id: bobsPrivate.id, position: 99 })
      .execute();
    const first = await read(alice, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      name: "Untitled",
      is_owned: true,
      is_public: false,
      num_total_results: 22,
      total_duration: 220,
      current_page: 1,
      has_more: true,
      user_handle: alice.handle,
    });
    expect(order(first)).toEqual(songs.slice(0, 20).map((s) => s.id));
    const second = await read(alice, id, 2);
    expect(order(second)).toEqual(songs.slice(20).map((s) => s.id));
    expect(second.body.playlist_clips[0]?.relative_index).toBe(20);
    expect(second.body.has_more).toBe(false);
  });

  it("shows a private playlist to its owner only; a public one to anyone, read-only", async () => {
    const mine = await song(alice.id, 5);
    const id = await playlistOf(alice, [mine.id]);
    expect((await read(bob, id)).status).toBe(404);
    expect((await read(null, id)).body).toEqual({ detail: "Playlist not found" });
    const visibility = await alice.client.post(`/api/playlist_reaction/${id}/set_visibility/`, {
      is_public: true,
    });
    expect(visibility.status).toBe(200);
    const asBob = await read(bob, id);
    expect(asBob.body).toMatchObject({ is_owned: false, num_total_results: 1 });
    expect((await read(null, id)).status).toBe(200);
    expect((await bob.client.post(`/api/playlist/${id}/set_metadata/`, { name: "Mine now" })).status).toBe(
      403,
    );
    expect(
      (await bob.client.post(`/api/playlist_reaction/${id}/set_visibility/`, { is_public: false })).status,
    ).toBe(403);
    expect((await server.client().post(`/api/playlist/${id}/set_metadata/`, { name: "x" })).status).toBe(401);
    expect((await read(alice, "not-a-uuid")).status).toBe(400);
  });

  it("renames, reorders for the owner, and counts likes and plays", async () => {
    const [a, b, c] = [await song(alice.id, 1), await song(alice.id, 1), await song(alice.id, 1)];
    const id = await playlistOf(alice, [a.id, b.id, c.id]);
    expect(
      (await alice.client.post(`/api/playlist/${id}/set_metadata/`, { name: "  Road trip " })).status,
    ).toBe(200);
    expect((await read(alice, id)).body.name).toBe("Road trip");
    await alice.client.post(`/api/playlist/${id}/set_metadata/`, { name: "" });
    expect((await read(alice, id)).body.name).toBe("Untitled");
    expect(
      (await alice.client.post(`/api/playlist/${id}/set_metadata/`, { name: "x".repeat(101) })).status,
    ).toBe(400);

    expect(
      (await alice.client.post(`/api/playlist/${id}/reorder/`, { clip_id: c.id, index: 0 })).status,
    ).toBe(200);
    expect(order(await read(alice, id))).toEqual([c.id, a.id, b.id]);
    await alice.client.post(`/api/playlist/${id}/reorder/`, { clip_id: c.id, index: 2 });
    expect(order(await read(alice, id))).toEqual([a.id, b.id, c.id]);
    const stranger = await song(bob.id, 1);
    const missing = await alice.client.post(`/api/playlist/${id}/reorder/`, {
      clip_id: stranger.id,
      index: 0,
    });
    expect(missing.status).toBe(404);

    await alice.client.post(`/api/playlist_reaction/${id}/set_visibility/`, { is_public: true });
    const liked = await bob.client.post(`/api/playlist_reaction/${id}/update_reaction/`, { reaction: "L" });
    expect(liked.body).toEqual({ is_liked: true, upvote_count: 1 });
    await bob.client.post(`/api/playlist_reaction/${id}/update_reaction/`, { reaction: "L" });
    expect((await read(bob, id)).body).toMatchObject({ is_liked: true, upvote_count: 1 });
    expect((await read(alice, id)).body.is_liked).toBe(false);
    const unliked = await bob.client.post(`/api/playlist_reaction/${id}/update_reaction/`, {
      reaction: null,
    });
    expect(unliked.body).toEqual({ is_liked: false, upvote_count: 0 });

    const played = await server
      .client()
      .post(`/api/playlist_reaction/${id}/increment_play_count/`, { clip_id: b.id });
    expect(played.body).toEqual({ play_count: 1 });
    const notIn = await bob.client.post(`/api/playlist_reaction/${id}/increment_play_count/`, {
      clip_id: stranger.id,
    });
    expect(notIn.status).toBe(404);
    expect((await read(alice, id)).body.play_count).toBe(1);
  });
});

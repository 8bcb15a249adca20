import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  type LikedPlaylistResponse,
  likedPlaylistResponseSchema,
} from "../../src/shared/api/liked-playlist.ts";
import type { PlaylistDetail } from "../../src/shared/api/playlist-page.ts";
import type { MyPlaylistsResponse, PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the liked list and the playlist trash on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (userId: string, duration: number, isPublic = true) =>
    newTestClip(db(), { userId, status: "complete", audioKey: "a.wav", isPublic, metadata: { duration } });
  const like = (user: TestUser, clipId: string, reaction: "L" | "D" | null = "L") =>
    user.client.post(`/api/gen/${clipId}/update_reaction_type/`, { reaction });
  const liked = (user: TestUser | null, query = "") =>
    (user?.client ?? server.client()).get<LikedPlaylistResponse>(`/api/playlist/liked_playlist${query}`);
  const ids = (answer: { body: LikedPlaylistResponse }) =>
    likedPlaylistResponseSchema.parse(answer.body).playlist_clips.map((entry) => entry.clip.id);

  it("lists the viewer's liked songs, newest like first, only those they may still hear", async () => {
    const [first, second, third] = [await song(bob.id, 10), await song(bob.id, 20), await song(alice.id, 5)];
    const goingPrivate = await song(bob.id, 100);
    const disliked = await song(bob.id, 7);
    for (const clip of [first, second, goingPrivate, third]) {
      expect((await like(alice, clip.id)).status).toBe(200);
      // Likes a second apart on the database's clock, so their order is the order given.
      await db()
        .updateTable("clip_reactions")
        .set({
          created_at: sql`now() - make_interval(secs => ${60 - [first, second, goingPrivate, third].indexOf(clip)})`,
        })
        .where("clip_id", "=", clip.id)
        .execute();
    }
    await like(alice, disliked.id, "D");
    await db().updateTable("clips").set({ is_public: false }).where("id", "=", goingPrivate.id).execute();

    const mine = await liked(alice);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: "liked",
      is_owned: false,
      num_total_results: 3,
      total_duration: 35,
      from_index: 0,
    });
    expect(ids(mine)).toEqual([third.id, second.id, first.id]);

    const window = await liked(alice, "?from_index=1&page_size=1");
    expect(ids(window)).toEqual([second.id]);
    expect(window.body.playlist_clips[0]?.relative_index).toBe(1);
    expect(window.body.num_total_results).toBe(3);
    expect(ids(await liked(alice, "?from_index=10"))).toEqual([]);

    // Bob liked nothing: his list is empty and holds nothing of Alice's.
    const others = await liked(bob);
    expect(others.status).toBe(200);
    expect(others.body).toMatchObject({ num_total_results: 0, playlist_clips: [] });
    // An unliked song leaves the list.
    await like(alice, first.id, null);
    expect(ids(await liked(alice))).toEqual([third.id, second.id]);
  });

  it("asks for a signed-in viewer and a sane window", async () => {
    expect((await liked(null)).status).toBe(401);
    for (const query of ["?page_size=51", "?page_size=0", "?from_index=-1", "?from_index=abc"]) {
      const answer = await liked(alice, query);
      expect(answer.status, query).toBe(400);
      expect(typeof (answer.body as unknown as { detail: unknown }).detail).toBe("string");
    }
  });

  it("moves the owner's playlist to the trash and back; nobody else may", async () => {
    const clip = await song(alice.id, 5);
    const playlist = (await alice.client.post<PlaylistSummary>("/api/playlist/create/", { name: "Binned" }))
      .body;
    await alice.client.post("/api/playlist/update_clips/", {
      playlist_id: playlist.id,
      update_type: "add",
      metadata: { clip_ids: [clip.id] },
    });
    const trash = (user: TestUser | null, undo = false) =>
      (user?.client ?? server.client()).post("/api/playlist/trash/", {
        playlist_id: playlist.id,
        undo_trash: undo,
      });
    const listed = async (trashed: boolean) =>
      (
        await alice.client.get<MyPlaylistsResponse>(`/api/playlist/me?show_trashed=${trashed}`)
      ).body.playlists.map((entry) => entry.id);

    // Private: others and anonymous learn nothing of it.
    expect((await trash(bob)).status).toBe(404);
    expect((await trash(null)).status).toBe(401);
    // Public: another may open it but not trash it.
    await alice.client.post(`/api/playlist_reaction/${playlist.id}/set_visibility/`, { is_public: true });
    const refused = await trash(bob);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: "Only the playlist's owner may change it" });

    const trashed = await trash(alice);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toEqual({ playlist_id: playlist.id, is_trashed: true });
    expect(await listed(false)).not.toContain(playlist.id);
    expect(await listed(true)).toContain(playlist.id);
    // Trashed, it is gone for everyone else, even while public; restoring it is the owner's alone.
    expect((await bob.client.get(`/api/playlist/${playlist.id}/`)).status).toBe(404);
    expect((await trash(bob, true)).status).toBe(404);
    // The owner still opens it, marked, to restore it.
    const own = await alice.client.get<PlaylistDetail>(`/api/playlist/${playlist.id}/`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ is_trashed: true, num_total_results: 1 });

    const restored = await trash(alice, true);
    expect(restored.body).toEqual({ playlist_id: playlist.id, is_trashed: false });
    expect(await listed(false)).toContain(playlist.id);
    expect((await bob.client.get<PlaylistDetail>(`/api/playlist/${playlist.id}/`)).body).toMatchObject({
      is_trashed: false,
      num_total_results: 1,
    });
  });

  it("answers bad input with its detail", async () => {
    const missing = await alice.client.post("/api/playlist/trash/", {
      playlist_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Playlist not found" });
    const malformed = await alice.client.post("/api/playlist/trash/", { playlist_id: "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ detail: expect.stringContaining("Playlist ids are UUIDs") });
    const wrongType = await alice.client.post("/api/playlist/trash/", {
      playlist_id: "00000000-0000-4000-8000-000000000000",
      undo_trash: "yes",
    });
    expect(wrongType.status).toBe(400);
  });
});

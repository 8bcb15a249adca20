import { describe, expect, it } from "vitest";
import {
  type MyPlaylistsResponse,
  myPlaylistsResponseSchema,
  type PlaylistSummary,
  playlistSummarySchema,
} from "../../src/shared/api/playlists.ts";
import type { SearchResponse } from "../../src/shared/api/search.ts";
import { newTestClip, newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("playlists on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const create = (user: TestUser, body: object = {}) =>
    user.client.post<PlaylistSummary>("/api/playlist/create/", body);
  const update = (user: TestUser, playlist_id: string, update_type: string, clip_ids: string[]) =>
    user.client.post<PlaylistSummary>("/api/playlist/update_clips/", {
      playlist_id,
      update_type,
      metadata: { clip_ids },
    });

  it("creates playlists named Untitled by default and lists the newest first", async () => {
    const user = await newTestUser(db(), server.client());
    const untitled = await create(user);
    expect(untitled.status).toBe(200);
    expect(playlistSummarySchema.parse(untitled.body)).toMatchObject({
      name: "Untitled",
      is_owned: true,
      num_total_results: 0,
      playlist_clips: [],
      image_url: null,
    });
    const named = await create(user, { name: "  Road trip  " });
    expect(named.body.name).toBe("Road trip");
    const mine = await user.client.get<MyPlaylistsResponse>("/api/playlist/me?page=1");
    expect(myPlaylistsResponseSchema.parse(mine.body).playlists.map((p) => p.id)).toEqual([
      named.body.id,
      untitled.body.id,
    ]);
    expect(mine.body).toMatchObject({ num_total_results: 2, current_page: 1, has_more: false });
    const searched = await user.client.get<MyPlaylistsResponse>("/api/playlist/me?query=ROAD");
    expect(searched.body.playlists.map((p) => p.id)).toEqual([named.body.id]);
    expect((await create(user, { name: "x".repeat(101) })).status).toBe(400);
  });

  it("adds songs in order, once each, and removes them", async () => {
    const playlist = (await create(alice, { name: "Mix" })).body;
    const own = [
      await newTestClip(db(), { userId: alice.id }),
      await newTestClip(db(), { userId: alice.id }),
    ];
    const othersPublic = await newTestClip(db(), { userId: bob.id, isPublic: true });
    const added = await update(alice, playlist.id, "add", [own[1]?.id, othersPublic.id].map(String));
    expect(added.status).toBe(200);
    expect(added.body.playlist_clips).toEqual([
      { clip: { id: own[1]?.id, user_id: alice.id } },
      { clip: { id: othersPublic.id, user_id: bob.id } },
    ]);
    const again = await update(alice, playlist.id, "add", [String(own[0]?.id), String(own[1]?.id)]);
    expect(again.body.playlist_clips.map((entry) => entry.clip.id)).toEqual([
      own[1]?.id,
      othersPublic.id,
      own[0]?.id,
    ]);
    expect(again.body.num_total_results).toBe(3);
    const removed = await update(alice, playlist.id, "remove_by_id", [String(own[1]?.id)]);
    expect(removed.body.playlist_clips.map((entry) => entry.clip.id)).toEqual([othersPublic.id, own[0]?.id]);
    // The most recently changed playlist comes first.
    await create(alice, { name: "Newer" });
    await update(alice, playlist.id, "add", [String(own[1]?.id)]);
    const mine = await alice.client.get<MyPlaylistsResponse>("/api/playlist/me");
    expect(mine.body.playlists[0]?.id).toBe(playlist.id);
  });

  it("lets only the owner change a playlist, and only with songs they may see", async () => {
    const playlist = (await create(alice, { name: "Alice only" })).body;
    const bobsClip = await newTestClip(db(), { userId: bob.id, isPublic: true });
    const byBob = await update(bob, playlist.id, "add", [bobsClip.id]);
    expect(byBob.status).toBe(404);
    expect(byBob.body).toEqual({ detail: "Playlist not found" });
    await db().updateTable("playlists").set({ is_public: true }).where("id", "=", playlist.id).execute();
    const publicByBob = await update(bob, playlist.id, "add", [bobsClip.id]);
    expect(publicByBob.status).toBe(403);
    const hidden = await newTestClip(db(), { userId: bob.id });
    const withHidden = await update(alice, playlist.id, "add", [hidden.id]);
    expect(withHidden.status).toBe(404);
    expect(withHidden.body).toEqual({ detail: "Clip not found" });
    expect((await update(alice, playlist.id, "shuffle", [hidden.id])).status).toBe(400);
    expect((await update(alice, playlist.id, "add", [])).status).toBe(400);
    expect((await update(alice, "not-an-id", "add", [hidden.id])).status).toBe(400);
  });

  it("searches the user's playlists by name", async () => {
    const user = await newTestUser(db(), server.client());
    const match = (await create(user, { name: "Sunday jazz" })).body;
    await create(user, { name: "Gym" });
    const found = await user.client.post<SearchResponse>("/api/search/", {
      search_queries: [{ name: "lists", search_type: "library_playlist", term: "jazz" }],
    });
    expect(((found.body.result.lists?.result ?? []) as PlaylistSummary[]).map((p) => p.id)).toEqual([
      match.id,
    ]);
  });

  it("asks to sign in", async () => {
    expect((await server.client().get("/api/playlist/me")).status).toBe(401);
    expect((await server.client().post("/api/playlist/create/", {})).status).toBe(401);
  });
});

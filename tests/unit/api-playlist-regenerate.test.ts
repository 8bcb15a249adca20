import { beforeAll, describe, expect, it } from "vitest";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import { CREATE_CREDIT_COST } from "../../src/shared/api/billing.ts";
import type { PlaylistDetail } from "../../src/shared/api/playlist-page.ts";
import { NO_STYLES_TO_REGENERATE } from "../../src/shared/api/playlist-regenerate.ts";
import { type PlaylistSummary, playlistSummarySchema } from "../../src/shared/api/playlists.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { waitFor } from "../wait.ts";

describe.each(BACKENDS)("regenerating a playlist on %s", (backend) => {
  const generator = new SineSongGenerator();
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} }, { generator: () => generator });

  beforeAll(async () => {
    await db().updateTable("users").set({ credits: 200 }).where("id", "in", [alice.id, bob.id]).execute();
  });

  const song = (userId: string, tags: string, isPublic = false) =>
    newTestClip(db(), {
      userId,
      status: "complete",
      audioKey: "a.wav",
      isPublic,
      metadata: { duration: 5, tags },
    });
  async function playlistOf(user: TestUser, clipIds: string[]): Promise<string> {
    const playlist = (
      await user.client.post<PlaylistSummary>("/api/playlist/create/", { name: "Night drive" })
    ).body;
    await user.client.post("/api/playlist/update_clips/", {
      playlist_id: playlist.id,
      update_type: "add",
      metadata: { clip_ids: clipIds },
    });
    return playlist.id;
  }
  const regenerate = (user: TestUser | null, id: string, body: unknown = {}) =>
    (user?.client ?? server.client()).post<PlaylistSummary & { detail?: string }>(
      `/api/playlist/${id}/regenerate/`,
      body,
    );
  const credits = async (user: TestUser) =>
    (await user.client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
  const songsOf = async (user: TestUser, playlistId: string) =>
    (await user.client.get<PlaylistDetail>(`/api/playlist/${playlistId}/`)).body.playlist_clips.map(
      (entry) => entry.clip,
    );

  it("makes the owner a new playlist of generated songs in the styles its songs share, for one Create's credits", async () => {
    const id = await playlistOf(alice, [
      (await song(alice.id, "synthwave, dark")).id,
      (await song(alice.id, "synthwave, retro")).id,
      (await song(alice.id, "retro, synthwave, female vocals")).id,
    ]);
    const before = await credits(alice);
    const answer = await regenerate(alice, id);
    expect(answer.status).toBe(200);
    const made = playlistSummarySchema.parse(answer.body);
    expect(made.id).not.toBe(id);
    expect(made).toMatchObject({ name: "Night drive (regenerated)", is_owned: true, num_total_results: 2 });
    expect(await credits(alice)).toBe(before - CREATE_CREDIT_COST);
    const songs = await songsOf(alice, made.id);
    expect(songs).toHaveLength(2);
    for (const clip of songs) expect(clip.metadata.tags).toBe("synthwave, retro, dark, female vocals");
    // The songs are generated as any others: they finish.
    await waitFor(
      async () =>
        (await songsOf(alice, made.id)).every((clip) => clip.status === "complete") ? true : undefined,
      "the regenerated songs to finish",
      180_000,
    );
    // The old playlist is untouched.
    expect((await songsOf(alice, id)).map((clip) => clip.metadata.tags)).toEqual([
      "synthwave, dark",
      "synthwave, retro",
      "retro, synthwave, female vocals",
    ]);
  }, 240_000);

  it("lets another listener regenerate a public playlist into a playlist of their own, never a private one", async () => {
    const id = await playlistOf(alice, [(await song(alice.id, "lo-fi, chill", true)).id]);
    const before = await credits(bob);
    const hidden = await regenerate(bob, id);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: "Playlist not found" });
    expect(await credits(bob)).toBe(before);
    expect(
      (await alice.client.post(`/api/playlist_reaction/${id}/set_visibility/`, { is_public: true })).status,
    ).toBe(200);
    const answer = await regenerate(bob, id, { configuration: { song_count: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      user_id: bob.id,
      is_owned: true,
      is_public: false,
      num_total_results: 1,
    });
    expect((await songsOf(bob, answer.body.id))[0]?.metadata.tags).toBe("lo-fi, chill");
    expect((await alice.client.get(`/api/playlist/${answer.body.id}/`)).status).toBe(404);
  });

  it("answers 401 to anonymous callers", async () => {
    const id = await playlistOf(alice, [(await song(alice.id, "jazz")).id]);
    const answer = await regenerate(null, id);
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toBeTruthy();
  });

  it("regenerates the caller's liked list from the songs they liked", async () => {
    const liked = await song(bob.id, "bossa nova", true);
    expect(
      (await alice.client.post(`/api/gen/${liked.id}/update_reaction_type/`, { reaction: "L" })).status,
    ).toBe(200);
    const answer = await regenerate(alice, "liked", { configuration: { song_count: 1 } });
    expect(answer.status).toBe(200);
    expect((await songsOf(alice, answer.body.id))[0]?.metadata.tags).toBe("bossa nova");
  });

  it("refuses bad input and a playlist without styles with a detail, taking no credits", async () => {
    const bare = await playlistOf(alice, [(await song(alice.id, "")).id]);
    const before = await credits(alice);
    const none = await regenerate(alice, bare);
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(NO_STYLES_TO_REGENERATE);
    const tooMany = await regenerate(alice, bare, { configuration: { song_count: 9 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/at most 4 songs/);
    expect((await regenerate(alice, bare, { configuration: { colour: "red" } })).status).toBe(400);
    expect((await regenerate(alice, "not-a-playlist")).status).toBe(400);
    expect((await regenerate(alice, bare, { model_name: "no-such-model" })).status).toBe(400);
    expect(await credits(alice)).toBe(before);
  });
});

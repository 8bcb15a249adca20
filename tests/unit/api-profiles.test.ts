// Profiles: a person's page data by handle, their public songs (pinned first), top songs, playlists
// and personas, remixes inspired by them, followers and following in pages of 20, follow and
// unfollow, editing one's own profile (names, bio, avatar from an uploaded image, handle with its
// rules), for the owner, another user and anonymous; private and trashed songs never show.

import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import {
  handleProblem,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileListResponse,
} from "../../src/shared/api/profiles.ts";
import {
  newTestClip,
  newTestUser,
  startApiServerWithUsers,
  type Viewer,
  viewerClients,
} from "../clip-fixtures.ts";
import { smallPng } from "../security-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe("the handle rule", () => {
  it("refuses invalid and reserved handles, whatever their case", () => {
    expect(handleProblem("new_name_1")).toBeNull();
    expect(handleProblem("ab")).toBe(PROFILE_MESSAGES.handleInvalid);
    expect(handleProblem("bad-name")).toBe(PROFILE_MESSAGES.handleInvalid);
    expect(handleProblem("émile")).toBe(PROFILE_MESSAGES.handleInvalid);
    expect(handleProblem("Followers")).toBe(PROFILE_MESSAGES.handleReserved);
    expect(handleProblem("ADMIN")).toBe(PROFILE_MESSAGES.handleReserved);
  });
});

describe.each(BACKENDS)("profiles on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const clientOf = viewerClients(server, alice, bob);

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "shows a profile's public songs, pinned first, to the %s, and nothing private or trashed",
    async (viewer) => {
      const person = await newTestUser(db(), server.client());
      const make = (title: string, isPublic = true) =>
        newTestClip(db(), { userId: person.id, title, isPublic });
      await make("Old one");
      const pinned = await make("Pinned one");
      await db().updateTable("clips").set({ is_pinned: true }).where("id", "=", pinned.id).execute();
      await make("New one");
      await make("Private one", false);
      const trashed = await make("Trashed one");
      await db()
        .updateTable("clips")
        .set({ is_trashed: true, play_count: 99 })
        .where("id", "=", trashed.id)
        .execute();
      await db().updateTable("clips").set({ play_count: 5 }).where("title", "=", "Old one").execute();

      const client = viewer === "owner" ? person.client : clientOf(viewer);
      const profile = await client.get<Profile>(`/api/profiles/${person.handle.toUpperCase()}`);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({
        handle: person.handle,
        num_followers: 0,
        num_following: 0,
        num_public_clips: 3,
        is_self: viewer === "owner",
        is_following: false,
      });
      const songs = await client.get<{ clips: Clip[]; num_total_results: number }>(
        `/api/profiles/${person.handle}/clips`,
      );
      expect(songs.body.clips.map((clip) => clip.title)).toEqual(["Pinned one", "New one", "Old one"]);
      expect(songs.body.num_total_results).toBe(3);
      const top = await client.get<{ clips: Clip[] }>(`/api/profiles/top_clips?handle=${person.handle}`);
      expect(top.body.clips[0].title).toBe("Old one");
      expect(top.body.clips.map((clip) => clip.title)).not.toContain("Trashed one");
    },
  );

  it("answers 404 for an unknown handle and 400 for a malformed one", async () => {
    expect(await bob.client.get("/api/profiles/no_such_person")).toMatchObject({
      status: 404,
      body: { detail: PROFILE_MESSAGES.notFound },
    });
    expect((await bob.client.get("/api/profiles/bad-handle!")).status).toBe(400);
    expect((await bob.client.get("/api/profiles/no_such_person/clips")).status).toBe(404);
  });

  it("follows and unfollows, counting both sides, and lists followers in pages of 20", async () => {
    const star = await newTestUser(db(), server.client());
    const fans = [];
    for (let index = 0; index < 22; index += 1) fans.push(await newTestUser(db(), server.client()));
    for (const fan of fans) {
      const answer = await fan.client.post("/api/profiles/follow", { handle: `@${star.handle}` });
      expect(answer.status).toBe(200);
    }
    const again = await fans[0].client.post("/api/profiles/follow", { handle: star.handle });
    expect(again.body).toEqual({ handle: star.handle, is_following: true, num_followers: 22 });
    const first = await server
      .client()
      .get<ProfileListResponse>(`/api/profiles/followers?handle=${star.handle}`);
    expect(first.body.profiles).toHaveLength(20);
    expect(first.body).toMatchObject({ num_total_profiles: 22, has_more: true, current_page: 1 });
    // Latest follow first.
    expect(first.body.profiles[0].handle).toBe(fans[21].handle);
    const second = await server
      .client()
      .get<ProfileListResponse>(`/api/profiles/followers?handle=${star.handle}&page=2`);
    expect(second.body.profiles.map((profile) => profile.handle)).toEqual([fans[1].handle, fans[0].handle]);
    const following = await fans[0].client.get<ProfileListResponse>("/api/profiles/following");
    expect(following.body.profiles).toEqual([
      { handle: star.handle, display_name: expect.any(String), avatar_image_url: null, is_following: true },
    ]);
    expect((await fans[0].client.get<Profile>(`/api/profiles/${star.handle}`)).body).toMatchObject({
      is_following: true,
      num_followers: 22,
    });
    const gone = await fans[0].client.post("/api/profiles/follow", { handle: star.handle, unfollow: true });
    expect(gone.body).toEqual({ handle: star.handle, is_following: false, num_followers: 21 });
    expect((await star.client.get<Profile>(`/api/profiles/${fans[0].handle}`)).body.num_following).toBe(0);

    expect(await star.client.post("/api/profiles/follow", { handle: star.handle })).toMatchObject({
      status: 400,
      body: { detail: PROFILE_MESSAGES.followSelf },
    });
    expect((await star.client.post("/api/profiles/follow", { handle: "no_such_person" })).status).toBe(404);
    expect((await server.client().post("/api/profiles/follow", { handle: star.handle })).status).toBe(401);
    expect((await server.client().get("/api/profiles/followers")).status).toBe(401);
  });

  it("edits one's own profile: names, bio, avatar and handle, with the handle's rules", async () => {
    const person = await newTestUser(db(), server.client());
    const image = await fetch(`${server.url()}/api/uploads/image/`, {
      method: "POST",
      headers: { authorization: `Bearer ${person.token}`, "content-type": "image/png" },
      body: smallPng(32),
    });
    const { image_s3_id } = (await image.json()) as { image_s3_id: string };
    const newHandle = `n_${person.handle.slice(2, 20)}`;
    const edited = await person.client.request<Profile>("PUT", "/api/profiles/me", {
      display_name: "  New Name ",
      bio: "I write songs about boats.",
      avatar_image_s3_id: image_s3_id,
      handle: `@${newHandle}`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      handle: newHandle,
      display_name: "New Name",
      bio: "I write songs about boats.",
    });
    const avatar = await fetch(`${server.url()}${edited.body.avatar_image_url}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/jpeg");
    expect((await bob.client.get(`/api/profiles/${newHandle}`)).status).toBe(200);
    expect((await bob.client.get(`/api/profiles/${person.handle}`)).status).toBe(404);

    const before = await db()
      .selectFrom("users")
      .selectAll()
      .where("id", "=", person.id)
      .executeTakeFirstOrThrow();
    for (const [body, status, detail] of [
      [{ handle: bob.handle.toUpperCase() }, 409, PROFILE_MESSAGES.handleTaken],
      [{ handle: "me" }, 400, PROFILE_MESSAGES.handleInvalid],
      [{ handle: "Support" }, 400, PROFILE_MESSAGES.handleReserved],
      [{ handle: "no spaces" }, 400, PROFILE_MESSAGES.handleInvalid],
      [{ handle: "x".repeat(31) }, 400, PROFILE_MESSAGES.handleInvalid],
      [{ avatar_image_s3_id: "5a0c1f4e-0000-4000-8000-000000000000" }, 400, PROFILE_MESSAGES.avatarMissing],
      [{ display_name: "   " }, 400, "A display name cannot be empty"],
      [{ bio: "b".repeat(501), display_name: "Half" }, 400, "A bio is at most 500 characters"],
    ] as const) {
      const answer = await person.client.request<{ detail: string }>("PUT", "/api/profiles/me", body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.detail).toContain(detail);
    }
    // Nothing half-written.
    expect(
      await db().selectFrom("users").selectAll().where("id", "=", person.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Another's image cannot be taken as one's avatar.
    const stolen = await alice.client.request("PUT", "/api/profiles/me", { avatar_image_s3_id: image_s3_id });
    expect(stolen.status).toBe(400);
    expect((await server.client().request("PUT", "/api/profiles/me", { bio: "x" })).status).toBe(401);
  });

  it("lists remixes others made from the user's songs, with the count, and public playlists", async () => {
    const maker = await newTestUser(db(), server.client());
    const original = await newTestClip(db(), { userId: maker.id, title: "Original", isPublic: true });
    await newTestClip(db(), {
      userId: bob.id,
      title: "Bob's cover",
      isPublic: true,
      rootClipId: original.id,
    });
    await newTestClip(db(), {
      userId: bob.id,
      title: "Bob's private cover",
      isPublic: false,
      rootClipId: original.id,
    });
    await newTestClip(db(), {
      userId: maker.id,
      title: "Own extend",
      isPublic: true,
      rootClipId: original.id,
    });
    const remixes = await server
      .client()
      .get<{ clips: Clip[] }>(`/api/profiles/${maker.handle}/remixes-inspired/`);
    expect(remixes.body.clips.map((clip) => clip.title)).toEqual(["Bob's cover"]);
    expect((await server.client().get(`/api/profiles/${maker.handle}/remixes-inspired-count/`)).body).toEqual(
      {
        count: 1,
      },
    );

    const shown = await maker.client.post<{ id: string }>("/api/playlist/create/", { name: "Shown list" });
    await maker.client.post<{ id: string }>("/api/playlist/create/", { name: "Hidden list" });
    await db().updateTable("playlists").set({ is_public: true }).where("id", "=", shown.body.id).execute();
    const lists = await bob.client.get<{ playlists: { name: string }[] }>(
      `/api/profiles/${maker.handle}/playlists`,
    );
    expect(lists.body.playlists.map((list) => list.name)).toEqual(["Shown list"]);
    const personas = await bob.client.get<{ personas: unknown[] }>(`/api/profiles/${maker.handle}/personas`);
    expect(personas.body.personas).toEqual([]);
  });

  it("suggests handles by prefix for @mentions", async () => {
    const answer = await server
      .client()
      .get<{ profiles: { handle: string }[] }>(`/api/profiles/search?prefix=${alice.handle.toUpperCase()}`);
    expect(answer.body.profiles.map((profile) => profile.handle)).toContain(alice.handle);
    expect((await server.client().get("/api/profiles/search?prefix=a%25")).status).toBe(400);
  });
});

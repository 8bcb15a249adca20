// GET /api/playlist/me?show_sharelist=true on both databases: the sharelist (songs friends shared
// with the caller through Share with friends, the last shared first) comes first on page 1, not
// owned and not counted; only songs the caller may still see; its own to each caller; anonymous is
// asked to sign in.

import { describe, expect, it } from "vitest";
import type { NotificationListResponse } from "../../src/shared/api/notifications.ts";
import {
  type MyPlaylistsResponse,
  myPlaylistsResponseSchema,
  SHARELIST_ID,
  SHARELIST_NAME,
} from "../../src/shared/api/playlists.ts";
import { newTestClip, newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the sharelist on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});
  const newUser = () => newTestUser(db(), server.client());
  const share = async (sharer: TestUser, clipId: string, friend: TestUser) => {
    const sent = await sharer.client.post("/api/share/link", {
      source: "share_with_friends",
      content_type: "clip",
      content_id: clipId,
      recipient_handles: [friend.handle],
    });
    expect(sent.status).toBe(200);
  };
  const myPlaylists = async (user: TestUser, query: string) => {
    const answer = await user.client.get<MyPlaylistsResponse>(`/api/playlist/me${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return myPlaylistsResponseSchema.parse(answer.body);
  };
  const sharelistOf = async (user: TestUser) => {
    const [first] = (await myPlaylists(user, "?show_sharelist=true")).playlists;
    expect(first.id).toBe(SHARELIST_ID);
    return first;
  };

  it("lists the songs shared with the caller, the last shared first, ahead of their own playlists", async () => {
    const [friend, ana, bo] = [await newUser(), await newUser(), await newUser()];
    const first = await newTestClip(db(), { userId: ana.id, title: "First", isPublic: true });
    const second = await newTestClip(db(), { userId: bo.id, title: "Second", isPublic: true });
    await friend.client.post("/api/playlist/create/", { name: "Road songs" });
    await share(ana, first.id, friend);
    await share(bo, second.id, friend);

    const answer = await myPlaylists(friend, "?show_sharelist=true");
    expect(answer.playlists.map((playlist) => playlist.name)).toEqual([SHARELIST_NAME, "Road songs"]);
    // The total and paging count the caller's own playlists only.
    expect(answer.num_total_results).toBe(1);
    const [sharelist] = answer.playlists;
    expect(sharelist).toMatchObject({ is_owned: false, is_public: false, user_id: friend.id });
    expect(sharelist.num_total_results).toBe(2);
    expect(sharelist.playlist_clips.map((entry) => entry.clip.id)).toEqual([second.id, first.id]);
    expect(sharelist.playlist_clips[0].clip.user_id).toBe(bo.id);

    // Without the flag, on a later page, in the trash, or with a query its name does not hold: none.
    expect((await myPlaylists(friend, "")).playlists.map((playlist) => playlist.id)).not.toContain(
      SHARELIST_ID,
    );
    expect((await myPlaylists(friend, "?show_sharelist=true&page=2")).playlists).toEqual([]);
    expect((await myPlaylists(friend, "?show_sharelist=true&show_trashed=true")).playlists).toEqual([]);
    expect(
      (await myPlaylists(friend, "?show_sharelist=true&query=road")).playlists.map(
        (playlist) => playlist.name,
      ),
    ).toEqual(["Road songs"]);
    expect(
      (await myPlaylists(friend, "?show_sharelist=true&query=SHARED")).playlists.map((p) => p.name),
    ).toEqual([SHARELIST_NAME]);
  });

  it("keeps a dismissed share, drops a song made private or trashed, and is each caller's own", async () => {
    const [friend, ana, stranger] = [await newUser(), await newUser(), await newUser()];
    const kept = await newTestClip(db(), { userId: ana.id, title: "Kept", isPublic: true });
    const hidden = await newTestClip(db(), { userId: ana.id, title: "Hidden", isPublic: true });
    const binned = await newTestClip(db(), { userId: ana.id, title: "Binned", isPublic: true });
    for (const clip of [kept, hidden, binned]) await share(ana, clip.id, friend);

    const told = await friend.client.get<NotificationListResponse>("/api/notification/v2");
    const ids = told.body.notifications.map((notification) => notification.id);
    expect(ids).toHaveLength(3);
    expect((await friend.client.post("/api/notification/suppress", { ids })).status).toBe(200);
    await db().updateTable("clips").set({ is_public: false }).where("id", "=", hidden.id).execute();
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", binned.id).execute();

    const sharelist = await sharelistOf(friend);
    expect(sharelist.playlist_clips.map((entry) => entry.clip.id)).toEqual([kept.id]);
    // Nobody shared anything with the stranger, nor with the sharer.
    expect((await sharelistOf(stranger)).playlist_clips).toEqual([]);
    expect((await sharelistOf(ana)).playlist_clips).toEqual([]);
  });

  it("asks the signed out to sign in and refuses a malformed flag", async () => {
    expect((await server.client().get("/api/playlist/me?show_sharelist=true")).status).toBe(401);
    const user = await newUser();
    const bad = await user.client.get<{ detail: string }>("/api/playlist/me?show_sharelist=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/show_sharelist/);
  });
});

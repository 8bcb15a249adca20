import { afterAll, describe, expect, it } from "vitest";
import {
  NOTIFICATION_EVENT,
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationListResponse,
  notificationEventSchema,
  notificationListResponseSchema,
  type UnreadCountResponse,
} from "../../src/shared/api/notifications.ts";
import { REALTIME_PATH, userNotificationsChannel } from "../../src/shared/api/realtime.ts";
import {
  newClipWithAudio,
  newTestClip,
  newTestUser,
  settledClips,
  startApiServerWithUsers,
  type TestUser,
  testAudio,
} from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { TestSocket } from "../test-socket.ts";

const LIST = "/api/notification/v2";

describe.each(BACKENDS)("notifications on %s", (backend) => {
  const { server, db, users } = startApiServerWithUsers(
    backend,
    { staff: { isStaff: true } },
    { generator: () => new SineSongGenerator() },
  );
  const sockets: TestSocket[] = [];
  afterAll(() => Promise.all(sockets.map((socket) => socket.close())));

  const newUser = (plan: "free" | "pro" = "free") => newTestUser(db(), server.client(), { plan });
  const publicSong = (owner: TestUser, title = "Night Drive") =>
    newTestClip(db(), { userId: owner.id, title, isPublic: true });
  const like = (user: TestUser, clipId: string, reaction: "L" | "D" | null = "L") =>
    user.client.post(`/api/gen/${clipId}/update_reaction_type/`, { reaction });

  async function list(user: TestUser, query = ""): Promise<NotificationListResponse> {
    const answer = await user.client.get<NotificationListResponse>(`${LIST}${query}`);
    expect(answer.status).toBe(200);
    return notificationListResponseSchema.parse(answer.body);
  }
  const only = async (user: TestUser): Promise<Notification> => {
    const { notifications } = await list(user);
    expect(notifications).toHaveLength(1);
    return notifications[0];
  };

  it("tells a song's owner who liked it, never about their own like, once per person", async () => {
    const [owner, fan] = [await newUser(), await newUser()];
    const song = await publicSong(owner);
    expect((await like(owner, song.id)).status).toBe(200);
    expect((await list(owner)).notifications).toEqual([]);

    expect((await like(fan, song.id)).status).toBe(200);
    const first = await only(owner);
    expect(first).toMatchObject({
      notification_type: "clip_like",
      is_read: false,
      total_users: 1,
      content: { clip_id: song.id, title: "Night Drive" },
    });
    expect(first.user_profiles).toEqual([
      { user_id: fan.id, handle: fan.handle, display_name: expect.any(String), is_following: false },
    ]);
    expect((await list(owner)).unread_count).toBe(1);
    // The fan is told nothing of their own action.
    expect((await list(fan)).notifications).toEqual([]);

    // Unliking, disliking and liking again does not notify again, even once the first was read.
    await like(fan, song.id, null);
    await like(fan, song.id, "D");
    await like(fan, song.id);
    expect((await only(owner)).updated_at).toBe(first.updated_at);
    await owner.client.post(`${LIST}/read`, { ids: [first.id] });
    await like(fan, song.id, null);
    await like(fan, song.id);
    expect(await only(owner)).toMatchObject({ id: first.id, is_read: true });
  });

  it("groups the people who liked a song while it is unread, the newest first, and starts anew once read", async () => {
    const owner = await newUser();
    const song = await publicSong(owner, "Harbour Lights");
    const fans = [await newUser(), await newUser(), await newUser(), await newUser()];
    for (const fan of fans) await like(fan, song.id);
    const grouped = await only(owner);
    expect(grouped.total_users).toBe(4);
    expect(grouped.user_profiles.map((profile) => profile.handle)).toEqual(
      [fans[3], fans[2], fans[1]].map((fan) => fan.handle),
    );
    expect((await list(owner)).unread_count).toBe(1);

    const read = await owner.client.post<UnreadCountResponse>(`${LIST}/read`, { ids: [grouped.id] });
    expect(read.body).toEqual({ unread_count: 0 });
    const late = await newUser();
    await like(late, song.id);
    const { notifications, unread_count } = await list(owner);
    expect(notifications.map((n) => [n.total_users, n.is_read])).toEqual([
      [1, false],
      [4, true],
    ]);
    expect(notifications[0].user_profiles[0].handle).toBe(late.handle);
    expect(unread_count).toBe(1);
  });

  it("tells a persona's owner who loved it, followed it and made songs with it", async () => {
    const owner = await newUser("pro");
    const fan = await newUser("pro");
    await db().updateTable("users").set({ credits: 100 }).where("id", "=", fan.id).execute();
    const { row: root } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Root", isPublic: true },
      { channels: testAudio(8000), sampleRate: 8000 },
    );
    const persona = await owner.client.post<{ id: string }>("/api/persona/create/", {
      root_clip_id: root.id,
      name: "Velvet",
      is_public: true,
    });
    expect(persona.status).toBe(200);
    const personaId = persona.body.id;
    // The owner's own love and follow notify nobody.
    await owner.client.post(`/api/persona/${personaId}/toggle_love/`);
    await owner.client.post(`/api/persona/follow/${personaId}/?follow=true`);
    expect((await list(owner)).notifications).toEqual([]);

    expect((await fan.client.post(`/api/persona/${personaId}/toggle_love/`)).status).toBe(200);
    expect((await fan.client.post(`/api/persona/follow/${personaId}/?follow=true`)).status).toBe(200);
    const made = await fan.client.post<{ clips: { id: string }[] }>("/api/generate/v2/", {
      tags: "soul",
      prompt: "[Verse]\nsmooth",
      persona_id: personaId,
      mv: "chirp-v4",
      batch_size: 1,
    });
    expect(made.status).toBe(200);
    await settledClips(fan.client, [made.body.clips[0].id]);

    const { notifications } = await list(owner);
    expect(notifications.map((n) => n.notification_type).sort()).toEqual([
      "persona_favorite",
      "persona_follow",
      "persona_used",
    ]);
    for (const notification of notifications) {
      expect(notification.content).toEqual({ persona_id: personaId, title: "Velvet" });
      expect(notification.user_profiles.map((profile) => profile.handle)).toEqual([fan.handle]);
    }
    // Taking the love back and unfollowing raise nothing more.
    await fan.client.post(`/api/persona/${personaId}/toggle_love/`);
    await fan.client.post(`/api/persona/follow/${personaId}/?follow=false`);
    expect((await list(owner)).notifications).toHaveLength(3);
  });

  it("pages older and newer by date-time; an empty page means nothing more", async () => {
    const owner = await newUser();
    const start = Date.now() - 60_000;
    await db()
      .insertInto("notifications")
      .values(
        Array.from({ length: NOTIFICATION_PAGE_SIZE + 5 }, (_, index) => ({
          user_id: owner.id,
          notification_type: "announcement",
          group_key: `announcement:paging-${index}`,
          content: { message: `number ${index}` },
          updated_at: new Date(start + index * 1000),
        })),
      )
      .execute();
    const first = await list(owner);
    expect(first.notifications).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(first.notifications[0].content.message).toBe(`number ${NOTIFICATION_PAGE_SIZE + 4}`);
    expect(first.unread_count).toBe(NOTIFICATION_PAGE_SIZE + 5);
    const oldest = first.notifications.at(-1)?.updated_at ?? "";
    const older = await list(owner, `?before_datetime_utc=${encodeURIComponent(oldest)}`);
    expect(older.notifications.map((n) => n.content.message)).toEqual(
      [4, 3, 2, 1, 0].map((index) => `number ${index}`),
    );
    const last = older.notifications.at(-1)?.updated_at ?? "";
    expect((await list(owner, `?before_datetime_utc=${encodeURIComponent(last)}`)).notifications).toEqual([]);

    // Nothing new since the first answer: load newer answers an empty page.
    const since = `?after_datetime_utc=${encodeURIComponent(first.notified_at)}`;
    expect((await list(owner, since)).notifications).toEqual([]);
    const song = await publicSong(owner);
    await like(await newUser(), song.id);
    const newer = await list(owner, since);
    expect(newer.notifications.map((n) => n.notification_type)).toEqual(["clip_like"]);
    const after = `?after_datetime_utc=${encodeURIComponent(newer.notifications[0].updated_at)}`;
    expect((await list(owner, after)).notifications).toEqual([]);
  });

  it("marks read by ids or everything up to a time, and dismisses; never another user's", async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const songs = [
      await publicSong(owner, "One"),
      await publicSong(owner, "Two"),
      await publicSong(owner, "Three"),
    ];
    for (const song of songs) await like(other, song.id);
    const { notifications, notified_at } = await list(owner);
    expect(notifications).toHaveLength(3);
    const [three, two, one] = notifications;

    for (const path of [`${LIST}/read`, "/api/notification/suppress"]) {
      const refused = await other.client.post<{ detail: string }>(path, { ids: [one.id] });
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe("Notification not found");
      // Mixed with one of one's own, nothing changes either.
      const mixed = await owner.client.post(path, { ids: [one.id, crypto.randomUUID()] });
      expect(mixed.status).toBe(404);
    }
    expect((await list(owner)).unread_count).toBe(3);

    const read = await owner.client.post<UnreadCountResponse>(`${LIST}/read`, { ids: [one.id] });
    expect(read.body.unread_count).toBe(2);
    const dismissed = await owner.client.post<UnreadCountResponse>("/api/notification/suppress", {
      ids: [two.id],
    });
    expect(dismissed.body.unread_count).toBe(1);
    expect((await list(owner)).notifications.map((n) => n.id)).toEqual([three.id, one.id]);

    const all = await owner.client.post<UnreadCountResponse>(`${LIST}/read`, {
      all: true,
      before_datetime_utc: notified_at,
    });
    expect(all.body.unread_count).toBe(0);
    expect((await list(owner)).notifications.every((n) => n.is_read)).toBe(true);
  });

  it("refuses malformed calls with a clear 4xx {detail}", async () => {
    const user = await newUser();
    for (const query of [
      "?after_datetime_utc=yesterday",
      "?before_datetime_utc=2026-13-45T99:00:00Z",
      "?after_datetime_utc=2026-11-27T02:00:00Z&before_datetime_utc=2026-11-27T03:00:00Z",
    ]) {
      const answer = await user.client.get<{ detail: string }>(`${LIST}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/datetime_utc|date-time/);
    }
    for (const [path, body] of [
      [`${LIST}/read`, {}],
      [`${LIST}/read`, { ids: [] }],
      [`${LIST}/read`, { ids: ["not-a-uuid"] }],
      [`${LIST}/read`, { all: true }],
      [`${LIST}/read`, { all: true, before_datetime_utc: "soon" }],
      ["/api/notification/suppress", { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }],
    ] as const) {
      const answer = await user.client.post<{ detail: string }>(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    const anonymous = await server.client().get<{ detail: string }>(LIST);
    expect(anonymous.status).toBe(401);
  });

  it("ignores the delete type: never listed nor counted", async () => {
    const user = await newUser();
    await db()
      .insertInto("notifications")
      .values({
        user_id: user.id,
        notification_type: "delete",
        group_key: "delete:x",
        updated_at: new Date(),
      })
      .execute();
    const answer = await list(user);
    expect(answer.notifications).toEqual([]);
    expect(answer.unread_count).toBe(0);
  });

  it("lets staff, and only staff, send an announcement, to the users named or to everyone", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const named = await users.staff.client.post<{ recipients: number }>("/api/notification/announcement", {
      message: "New studio features tonight",
      user_ids: [first.id, users.staff.id],
    });
    expect(named.body).toEqual({ recipients: 1 });
    expect(await only(first)).toMatchObject({
      notification_type: "announcement",
      content: { message: "New studio features tonight" },
      user_profiles: [{ handle: users.staff.handle }],
    });
    expect((await list(second)).notifications).toEqual([]);

    const everyone = await users.staff.client.post<{ recipients: number }>("/api/notification/announcement", {
      message: "Maintenance at noon",
    });
    expect(everyone.status).toBe(200);
    expect((await list(second)).notifications.map((n) => n.content.message)).toEqual(["Maintenance at noon"]);
    expect((await list(users.staff)).notifications).toEqual([]);

    const refused = await first.client.post<{ detail: string }>("/api/notification/announcement", {
      message: "Hello",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Only staff can send announcements");
    expect((await server.client().post("/api/notification/announcement", { message: "Hi" })).status).toBe(
      401,
    );
    const empty = await users.staff.client.post("/api/notification/announcement", { message: "  " });
    expect(empty.status).toBe(400);
  });

  it("pushes a notification and the unread count to the owner's open pages, and only theirs", async () => {
    const [owner, fan] = [await newUser(), await newUser()];
    const song = await publicSong(owner);
    const url = `${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`;
    const socket = await TestSocket.open(url, { authorization: `Bearer ${owner.token}` });
    const snoop = await TestSocket.open(url, { authorization: `Bearer ${fan.token}` });
    sockets.push(socket, snoop);
    expect(await socket.subscribe(userNotificationsChannel(owner.id))).toEqual({
      type: "subscribed",
      channel: userNotificationsChannel(owner.id),
    });
    expect(await snoop.subscribe(userNotificationsChannel(owner.id))).toMatchObject({ type: "error" });

    await like(fan, song.id);
    const message = await socket.next();
    expect(message).toMatchObject({
      type: "event",
      channel: userNotificationsChannel(owner.id),
      name: NOTIFICATION_EVENT,
    });
    const event = notificationEventSchema.parse(message.type === "event" ? message.data : null);
    expect(event.unread_count).toBe(1);
    expect(event.notification).toMatchObject({ notification_type: "clip_like", total_users: 1 });
  });

  it("says whether the caller has created a song (an upload is not one)", async () => {
    const user = await newUser();
    const path = "/api/analytics/user-event/";
    expect((await user.client.get(path)).body).toEqual({ has_created_song: false });
    await newTestClip(db(), { userId: user.id, metadata: { type: "upload" } });
    expect((await user.client.get(path)).body).toEqual({ has_created_song: false });
    await newTestClip(db(), { userId: user.id, metadata: { type: "gen" } });
    expect((await user.client.get(path)).body).toEqual({ has_created_song: true });
    expect((await server.client().get(path)).status).toBe(401);
  });

  it("tells of comments, replies, mentions, comment likes and follows; never what a blocked user does", async () => {
    const [owner, fan, named] = [await newUser(), await newUser(), await newUser()];
    const song = await publicSong(owner, "Harbour Lights");
    const typesOf = async (user: TestUser) =>
      (await list(user)).notifications.map((notification) => notification.notification_type).sort();

    const posted = await fan.client.post<{ id: string }>(`/api/gen/${song.id}/comment`, {
      content: `lovely, @${named.handle} listen`,
      user_mentions: [named.handle],
    });
    expect(posted.status).toBe(201);
    expect(await typesOf(owner)).toEqual(["clip_comment"]);
    expect(await typesOf(named)).toEqual(["comment_mention"]);

    // The owner's reply tells the fan (its parent's author), not the owner; the owner's like of the
    // fan's comment tells the fan too.
    const reply = await owner.client.post(`/api/gen/${song.id}/comment`, {
      content: "thank you",
      parent_id: posted.body.id,
    });
    expect(reply.status).toBe(201);
    expect(
      (await owner.client.post(`/api/comment/${posted.body.id}/reaction`, { reaction: "LIKE" })).status,
    ).toBe(200);
    expect(await typesOf(fan)).toEqual(["comment_like", "comment_reply"]);
    expect(await typesOf(owner)).toEqual(["clip_comment"]);

    // A follow tells the followed user; is_following says whether they follow the follower back.
    expect(
      (
        await fan.client.post("/api/profiles/follow", {
          handle: fan.handle === owner.handle ? "" : owner.handle,
        })
      ).status,
    ).toBe(200);
    const follow = (await list(owner)).notifications.find(
      (notification) => notification.notification_type === "follow",
    );
    expect(follow?.user_profiles).toEqual([
      expect.objectContaining({ user_id: fan.id, is_following: false }),
    ]);
    expect((await owner.client.post("/api/profiles/follow", { handle: fan.handle })).status).toBe(200);
    const followedBack = (await list(owner)).notifications.find(
      (notification) => notification.notification_type === "follow",
    );
    expect(followedBack?.user_profiles).toEqual([
      expect.objectContaining({ user_id: fan.id, is_following: true }),
    ]);

    // Once the named user blocks the fan, the fan's follow tells them nothing.
    expect((await named.client.post("/api/comment/block-user", { handle: fan.handle })).status).toBe(200);
    expect((await fan.client.post("/api/profiles/follow", { handle: named.handle })).status).toBe(200);
    expect(await typesOf(named)).toEqual(["comment_mention"]);
  });

  it("tells of a remix, a caption's mentions, a followed person's new song once, and a liked playlist", async () => {
    const [owner, fan, named] = [await newUser("pro"), await newUser("pro"), await newUser()];
    const typesOf = async (user: TestUser) =>
      (await list(user)).notifications.map((notification) => notification.notification_type).sort();

    // A cover of the owner's public song (remixes allowed) tells the owner of the remix.
    await db().updateTable("users").set({ credits: 100 }).where("id", "=", fan.id).execute();
    const { row: source } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Tide", isPublic: true },
      { channels: testAudio(8000), sampleRate: 8000 },
    );
    const cover = await fan.client.post<{ clips: { id: string }[] }>("/api/generate/v2/", {
      task: "cover",
      cover_clip_id: source.id,
      tags: "bossa",
      make_instrumental: true,
      batch_size: 1,
    });
    expect([cover.status, cover.body]).toEqual([200, expect.anything()]);
    await settledClips(fan.client, [cover.body.clips[0].id]);
    expect(await typesOf(owner)).toEqual(["clip_remix"]);
    expect((await only(owner)).content).toEqual({ clip_id: source.id, title: "Tide" });
    // Remixing is all others may do with it: its remaster and stems stay the owner's.
    const remaster = await fan.client.post("/api/generate/upsample/", { clip_id: source.id });
    expect([remaster.status, remaster.body]).toEqual([
      403,
      { detail: "You can only build on your own songs" },
    ]);
    expect((await fan.client.post(`/api/edit/stems/${source.id}/`, {})).status).toBe(403);

    // The fan's caption naming someone tells them, once however often it is saved.
    const caption = { caption: `with @${named.handle}`, caption_mentions: [named.handle] };
    for (let save = 0; save < 2; save++) {
      const saved = await fan.client.post(`/api/gen/${cover.body.clips[0].id}/set_metadata/`, caption);
      expect(saved.status).toBe(200);
    }
    expect(await typesOf(named)).toEqual(["caption_mention"]);

    // Publishing tells the fan's followers (named follows the fan), once even when published again.
    expect((await named.client.post("/api/profiles/follow", { handle: fan.handle })).status).toBe(200);
    const visibility = (isPublic: boolean) =>
      fan.client.post(`/api/gen/${cover.body.clips[0].id}/set_visibility/`, { is_public: isPublic });
    for (const isPublic of [true, false, true]) expect((await visibility(isPublic)).status).toBe(200);
    await expect
      .poll(async () => typesOf(named), { timeout: 10_000 })
      .toEqual(["caption_mention", "clip_create_followee"]);

    // A like of the owner's public playlist tells the owner.
    const playlist = await owner.client.post<{ id: string }>("/api/playlist/create/", { name: "Shore" });
    await owner.client.post(`/api/playlist_reaction/${playlist.body.id}/set_visibility/`, {
      is_public: true,
    });
    const liked = await fan.client.post(`/api/playlist_reaction/${playlist.body.id}/update_reaction/`, {
      reaction: "L",
    });
    expect(liked.status).toBe(200);
    const playlistLike = (await list(owner)).notifications.find(
      (notification) => notification.notification_type === "playlist_like",
    );
    expect(playlistLike?.content).toEqual({ playlist_id: playlist.body.id, title: "Shore" });
    // The fan heard only of being followed: nothing of their own remix, caption, song or like.
    expect(await typesOf(fan)).toEqual(["follow"]);
  });
});

// Share with friends on both databases: POST /api/share/link with recipient_handles tells each
// named person of the song (a share_clip notification, grouped per song while unread), never the
// sharer, nor someone who blocked them; every handle is checked first (an unknown one: 404 and
// nobody told); the signed out, other content than songs and private songs are refused.

import { describe, expect, it } from "vitest";
import {
  type NotificationListResponse,
  notificationListResponseSchema,
} from "../../src/shared/api/notifications.ts";
import { recipientHandles, SHARE_MESSAGES } from "../../src/shared/api/share.ts";
import { newTestClip, newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe("the Send to field's handles", () => {
  it("reads words with or without @, split by spaces, commas or semicolons, each once", () => {
    expect(recipientHandles(" @ana, bo;ana  @Cy ")).toEqual(["ana", "bo", "Cy"]);
    expect(recipientHandles("  ")).toEqual([]);
  });
});

describe.each(BACKENDS)("Share with friends on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});
  const newUser = () => newTestUser(db(), server.client());
  const notifications = async (user: TestUser) => {
    const answer = await user.client.get<NotificationListResponse>("/api/notification/v2");
    expect(answer.status).toBe(200);
    return notificationListResponseSchema.parse(answer.body).notifications;
  };
  const send = (user: TestUser | null, body: Record<string, unknown>) =>
    (user?.client ?? server.client()).post<{ shared_with?: string[]; detail?: string }>("/api/share/link", {
      source: "share_with_friends",
      ...body,
    });

  it("tells each named person of the song, once, grouped per song; never the sharer", async () => {
    const [owner, sharer, friend, other] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    const song = await newTestClip(db(), { userId: owner.id, title: "Harbour Lights", isPublic: true });
    const sent = await send(sharer, {
      content_type: "clip",
      content_id: song.id,
      recipient_handles: [friend.handle.toUpperCase(), sharer.handle],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.shared_with?.sort()).toEqual([friend.handle, sharer.handle].sort());
    const [told] = await notifications(friend);
    expect(told).toMatchObject({
      notification_type: "share_clip",
      content: { clip_id: song.id, title: "Harbour Lights" },
      user_profiles: [expect.objectContaining({ handle: sharer.handle })],
    });
    expect(await notifications(sharer)).toEqual([]);
    expect(await notifications(owner)).toEqual([]);
    // Sent again by the same sharer: still one; by another: the same group, two people.
    await send(sharer, { content_type: "clip", content_id: song.id, recipient_handles: [friend.handle] });
    await send(other, { content_type: "clip", content_id: song.id, recipient_handles: [friend.handle] });
    const after = await notifications(friend);
    expect(after).toHaveLength(1);
    expect(after[0].user_profiles.map((profile) => profile.handle).sort()).toEqual(
      [sharer.handle, other.handle].sort(),
    );
  });

  it("tells nobody when a handle is unknown, and nobody who blocked the sharer", async () => {
    const [owner, sharer, friend, blocker] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    const song = await newTestClip(db(), { userId: owner.id, title: "Quay", isPublic: true });
    const unknown = await send(sharer, {
      content_type: "clip",
      content_id: song.id,
      recipient_handles: [friend.handle, "nobody_has_this"],
    });
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { detail: "No user has the handle @nobody_has_this" },
    ]);
    expect(await notifications(friend)).toEqual([]);
    expect((await blocker.client.post("/api/comment/block-user", { handle: sharer.handle })).status).toBe(
      200,
    );
    const sent = await send(sharer, {
      content_type: "clip",
      content_id: song.id,
      recipient_handles: [blocker.handle],
    });
    expect(sent.status).toBe(200);
    expect(await notifications(blocker)).toEqual([]);
  });

  it("refuses the signed out, other content than songs, private songs and bad handles", async () => {
    const [owner, sharer, friend] = [await newUser(), await newUser(), await newUser()];
    const song = await newTestClip(db(), { userId: owner.id, title: "Open", isPublic: true });
    const hidden = await newTestClip(db(), { userId: owner.id, title: "Hidden" });
    const recipients = { recipient_handles: [friend.handle] };
    expect(await send(null, { content_type: "clip", content_id: song.id, ...recipients })).toMatchObject({
      status: 401,
      body: { detail: SHARE_MESSAGES.friendsSignIn },
    });
    expect(
      await send(sharer, { content_type: "profile", content_id: owner.handle, ...recipients }),
    ).toMatchObject({
      status: 400,
      body: { detail: SHARE_MESSAGES.friendsSongsOnly },
    });
    expect((await send(sharer, { content_type: "clip", content_id: hidden.id, ...recipients })).status).toBe(
      404,
    );
    const bad = await send(sharer, {
      content_type: "clip",
      content_id: song.id,
      recipient_handles: ["no spaces!"],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/recipient_handles are handles/);
    const many = Array.from({ length: 11 }, (_, n) => `friend_${n}`);
    expect(
      (await send(sharer, { content_type: "clip", content_id: song.id, recipient_handles: many })).status,
    ).toBe(400);
    expect(await notifications(friend)).toEqual([]);
  });
});

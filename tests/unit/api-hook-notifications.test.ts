// Notifications about hooks, by the rule of songs: a like or a comment on someone's hook tells the
// hook's owner, grouped per hook, once per person, never about their own action; a reply tells the
// parent comment's author; a hook of a private song cannot be liked or commented on by others, so
// it tells nobody anything; anonymous callers are refused before anything is raised.

import { beforeAll, describe, expect, it } from "vitest";
import type { HookComment } from "../../src/shared/api/hook-social.ts";
import {
  type Notification,
  type NotificationListResponse,
  notificationListResponseSchema,
} from "../../src/shared/api/notifications.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { newTestHook } from "../hook-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const LIST = "/api/notification/v2";

describe.each(BACKENDS)("hook notifications on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});
  let owner: TestUser;
  let fan: TestUser;
  let friend: TestUser;
  let publicSong: string;
  let privateSong: string;

  beforeAll(async () => {
    [owner, fan, friend] = [
      await newTestUser(db(), server.client()),
      await newTestUser(db(), server.client()),
      await newTestUser(db(), server.client()),
    ];
    publicSong = (await newTestClip(db(), { userId: owner.id, title: "Harbour", isPublic: true })).id;
    privateSong = (await newTestClip(db(), { userId: owner.id, title: "Secret" })).id;
  });

  const newHook = (clipId: string, title = "Sunrise hook") =>
    newTestHook(db(), {
      userId: owner.id,
      clipId,
      title,
      videoKey: "hooks/test/hook.mp4",
      thumbnailKey: "hooks/test/thumbnail.jpg",
    });
  const like = (client: ApiClient, hookId: string, liked = true) =>
    client.post(`/api/video/hooks/${hookId}/like`, { liked });
  const comment = (client: ApiClient, hookId: string, body: object) =>
    client.post<HookComment>(`/api/video/hooks/${hookId}/comments`, body);

  async function list(user: TestUser): Promise<Notification[]> {
    const answer = await user.client.get<NotificationListResponse>(LIST);
    expect(answer.status).toBe(200);
    return notificationListResponseSchema.parse(answer.body).notifications;
  }
  const about = async (user: TestUser, hookId: string) =>
    (await list(user)).filter((notification) => notification.content.hook_id === hookId);

  it("tells the owner of a hook who liked it, once per person, grouped per hook", async () => {
    const hook = await newHook(publicSong);
    // The owner's own like tells nobody.
    expect((await like(owner.client, hook)).status).toBe(200);
    expect(await about(owner, hook)).toEqual([]);

    expect((await like(fan.client, hook)).status).toBe(200);
    expect((await like(friend.client, hook)).status).toBe(200);
    const [grouped, ...rest] = await about(owner, hook);
    expect(rest).toEqual([]);
    expect(grouped).toMatchObject({
      notification_type: "hook_like",
      is_read: false,
      total_users: 2,
      content: { hook_id: hook, clip_id: publicSong, title: "Sunrise hook" },
    });
    expect(grouped.user_profiles.map((profile) => profile.handle)).toEqual([friend.handle, fan.handle]);
    // Taking the like back and liking again tells nothing new; the likers hear nothing of it.
    await like(fan.client, hook, false);
    await like(fan.client, hook);
    expect((await about(owner, hook)).map((notification) => notification.total_users)).toEqual([2]);
    expect(await about(fan, hook)).toEqual([]);
  });

  it("tells the owner of comments, and a comment's author of replies, each once", async () => {
    const hook = await newHook(publicSong, "");
    const first = await comment(fan.client, hook, { content: "Lovely light" });
    expect(first.status).toBe(201);
    const [told] = await about(owner, hook);
    expect(told).toMatchObject({
      notification_type: "hook_comment",
      total_users: 1,
      content: { hook_id: hook },
    });
    // An untitled hook carries no title: the page says "commented on your hook".
    expect(told.content.title).toBeUndefined();

    // A reply by someone else: the owner hears of another comment, the fan of the reply.
    expect((await comment(friend.client, hook, { content: "Agreed", parent_id: first.body.id })).status).toBe(
      201,
    );
    const ownerTypes = (await about(owner, hook)).map((notification) => [
      notification.notification_type,
      notification.total_users,
    ]);
    expect(ownerTypes).toEqual([["hook_comment", 2]]);
    const [reply] = await about(fan, hook);
    expect(reply).toMatchObject({
      notification_type: "hook_comment_reply",
      content: { hook_id: hook, clip_id: publicSong },
    });
    expect(reply.user_profiles.map((profile) => profile.handle)).toEqual([friend.handle]);

    // The owner replying to the fan tells the fan, and the owner nothing of their own reply.
    const before = await about(owner, hook);
    expect((await comment(owner.client, hook, { content: "Thanks", parent_id: first.body.id })).status).toBe(
      201,
    );
    expect(await about(owner, hook)).toEqual(before);
    expect((await about(fan, hook))[0]).toMatchObject({
      notification_type: "hook_comment_reply",
      total_users: 2,
    });
  });

  it("names a song's video cover in the hooks feed a video cover: its likes, comments and replies", async () => {
    const cover = await newHook(publicSong, "");
    await db().updateTable("hooks").set({ kind: "video_cover" }).where("id", "=", cover).execute();
    expect((await like(fan.client, cover)).status).toBe(200);
    const first = await comment(friend.client, cover, { content: "lovely cover" });
    expect(first.status).toBe(201);
    expect((await comment(fan.client, cover, { content: "agreed", parent_id: first.body.id })).status).toBe(
      201,
    );
    const types = (await about(owner, cover)).map((notification) => notification.notification_type).sort();
    expect(types).toEqual(["video_cover_hook_comment", "video_cover_hook_like"]);
    expect((await about(friend, cover)).map((notification) => notification.notification_type)).toEqual([
      "video_cover_hook_comment_reply",
    ]);
  });

  it("raises nothing for a hook others may not see, nor for anonymous callers", async () => {
    const hidden = await newHook(privateSong);
    const shown = await newHook(publicSong);
    expect((await like(fan.client, hidden)).status).toBe(404);
    expect((await comment(fan.client, hidden, { content: "Hello" })).status).toBe(404);
    expect((await like(server.client(), shown)).status).toBe(401);
    expect((await comment(server.client(), shown, { content: "Hello" })).status).toBe(401);
    expect(await about(owner, hidden)).toEqual([]);
    expect(await about(owner, shown)).toEqual([]);
    // A refused comment (empty) raises nothing either.
    expect((await comment(fan.client, shown, { content: "" })).status).toBe(400);
    expect(await about(owner, shown)).toEqual([]);
  });
});

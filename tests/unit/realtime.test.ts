import { afterAll, describe, expect, it, vi } from "vitest";
import { createSession } from "../../src/server/auth/sessions.ts";
import { InProcessPubSub, type PubSub, type RealtimeEvent } from "../../src/server/realtime/pubsub.ts";
import { RedisPubSub } from "../../src/server/realtime/redis-pubsub.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { projectChannel, REALTIME_PATH, userGenerateSongsChannel } from "../../src/shared/api/realtime.ts";
import { startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";
import { TestSocket } from "../test-socket.ts";

const fakeClip = (id: string, status: Clip["status"]) => ({ id, status }) as unknown as Clip;

describe.each(BACKENDS)("realtime updates on %s", (backend) => {
  const server = startApiServer(backend);
  const sockets: TestSocket[] = [];
  afterAll(() => Promise.all(sockets.map((socket) => socket.close())));

  const wsUrl = () => `${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`;
  let userCount = 0;
  async function newUser() {
    userCount++;
    const tag = `${process.pid}_${userCount}_${Math.random().toString(36).slice(2, 8)}`;
    const user = await server
      .database()
      .db.insertInto("users")
      .values({
        email: `rt${tag}@example.com`,
        handle: `rt_${tag}`.slice(0, 30),
        display_name: "R",
        password_hash: "x",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { userId: user.id, token: await createSession(server.database().db, user.id) };
  }
  async function connect(headers: Record<string, string>) {
    const socket = await TestSocket.open(wsUrl(), headers);
    sockets.push(socket);
    return socket;
  }
  const connectAs = (token: string) => connect({ authorization: `Bearer ${token}` });

  it("pushes clip updates on a user's channel to that user only", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceSocket = await connectAs(alice.token);
    const bobSocket = await connectAs(bob.token);
    const aliceChannel = userGenerateSongsChannel(alice.userId);
    const bobChannel = userGenerateSongsChannel(bob.userId);
    expect(await aliceSocket.subscribe(aliceChannel)).toEqual({ type: "subscribed", channel: aliceChannel });
    expect(await bobSocket.subscribe(bobChannel)).toEqual({ type: "subscribed", channel: bobChannel });

    const realtime = server.app().realtime;
    await realtime.clipsChanged(alice.userId, [fakeClip("a1", "streaming")]);
    await realtime.clipsChanged(bob.userId, [fakeClip("b1", "complete")]);
    expect(await aliceSocket.next()).toEqual({
      type: "event",
      channel: aliceChannel,
      name: "clip_update",
      data: { clips: [{ id: "a1", status: "streaming" }] },
    });
    // Bob's first message is his own update: Alice's, published before it, never reached him.
    expect(await bobSocket.next()).toMatchObject({ channel: bobChannel, data: { clips: [{ id: "b1" }] } });
  });

  it("refuses to follow another user's channel", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const socket = await connectAs(bob.token);
    const channel = userGenerateSongsChannel(alice.userId);
    expect(await socket.subscribe(channel)).toEqual({
      type: "error",
      channel,
      detail: "You may only follow your own channel",
    });
    await server.app().realtime.clipsChanged(alice.userId, [fakeClip("a2", "complete")]);
    socket.send({ type: "ping" });
    expect(await socket.next()).toEqual({ type: "pong" });
  });

  it("refuses connections without a valid session", async () => {
    await expect(connect({})).rejects.toThrow("refused with 401");
    await expect(connectAs("not-a-session-token")).rejects.toThrow("refused with 401");
  });

  it("accepts the session cookie from our pages, not from another site", async () => {
    const { token, userId } = await newUser();
    const host = new URL(server.url()).host;
    const cookie = `tunesmith_session=${token}`;
    const socket = await connect({ cookie, origin: `http://${host}` });
    const channel = userGenerateSongsChannel(userId);
    expect(await socket.subscribe(channel)).toEqual({ type: "subscribed", channel });
    await expect(connect({ cookie, origin: "https://evil.example" })).rejects.toThrow("refused with 403");
  });

  it("delivers workspace_change and kick_user to the project's members", async () => {
    const owner = await newUser();
    const member = await newUser();
    const outsider = await newUser();
    const project = "7d1f4c2e-5b7a-4f7e-9a53-0c6c1f1f2a11";
    const members = new Set([owner.userId, member.userId]);
    server
      .app()
      .realtime.setProjectAccess(
        async (_db, user, projectId) => projectId === project && members.has(user.id),
      );
    const memberSocket = await connectAs(member.token);
    const outsiderSocket = await connectAs(outsider.token);
    expect(await memberSocket.subscribe(projectChannel(project))).toEqual({
      type: "subscribed",
      channel: projectChannel(project),
    });
    expect(await outsiderSocket.subscribe(projectChannel(project))).toMatchObject({
      type: "error",
      detail: "You are not a member of this workspace",
    });

    await server.app().realtime.workspaceChanged({ project, action: "add_clips", userId: owner.userId });
    const change = await memberSocket.next();
    expect(change).toMatchObject({
      type: "event",
      channel: `project:${project}`,
      name: "workspace_change",
      data: { project, action: "add_clips", user_id: owner.userId },
    });
    expect(Date.parse((change as { data: { timestamp: string } }).data.timestamp)).not.toBeNaN();

    await server.app().realtime.userKicked({ project, targetUserId: member.userId });
    expect(await memberSocket.next()).toMatchObject({
      name: "kick_user",
      data: { project, target_user_id: member.userId },
    });
  });

  it("answers malformed and unknown messages with an error, and keeps the connection", async () => {
    const { token } = await newUser();
    const socket = await connectAs(token);
    socket.socket.send("{nope");
    expect(await socket.next()).toEqual({ type: "error", detail: "Messages are JSON objects" });
    socket.send({ type: "shout" });
    expect(await socket.next()).toMatchObject({
      type: "error",
      detail: expect.stringMatching(/^Invalid message: /),
    });
    expect(await socket.subscribe("somewhere:else")).toMatchObject({
      type: "error",
      detail: "Unknown channel somewhere:else",
    });
    socket.send({ type: "ping" });
    expect(await socket.next()).toEqual({ type: "pong" });
  });

  it("stops delivering after unsubscribe and drops subscriptions of closed sockets", async () => {
    const { token, userId } = await newUser();
    const channel = userGenerateSongsChannel(userId);
    const pubsub = server.app().realtime.pubsub;
    const before = pubsub instanceof InProcessPubSub ? pubsub.channelCount : 0;
    const socket = await connectAs(token);
    await socket.subscribe(channel);
    socket.send({ type: "unsubscribe", channel });
    expect(await socket.next()).toEqual({ type: "unsubscribed", channel });
    await server.app().realtime.clipsChanged(userId, [fakeClip("gone", "complete")]);
    socket.send({ type: "ping" });
    expect(await socket.next()).toEqual({ type: "pong" });

    await socket.subscribe(channel);
    if (pubsub instanceof InProcessPubSub) expect(pubsub.channelCount).toBe(before + 1);
    await socket.close();
    if (pubsub instanceof InProcessPubSub) await vi.waitFor(() => expect(pubsub.channelCount).toBe(before));
  });
});

/** The pub/sub contract, for the in-process implementation and (with REDIS_URL) the Redis one. */
function pubSubContract(
  name: string,
  makePair: (onError: (error: unknown) => void) => Promise<[PubSub, PubSub]>,
) {
  describe(`${name} pub/sub`, () => {
    it("delivers a published event to every listener of the channel, from any instance, until unsubscribed", async () => {
      const [publisher, subscriber] = await makePair(() => {});
      try {
        const got: RealtimeEvent[] = [];
        const other: RealtimeEvent[] = [];
        const stop = await subscriber.subscribe("user:u1:generate_songs", (event) => got.push(event));
        await subscriber.subscribe("user:u2:generate_songs", (event) => other.push(event));
        await publisher.publish("user:u1:generate_songs", {
          name: "clip_update",
          data: { clips: [{ id: "c" }] },
        });
        await vi.waitFor(() =>
          expect(got).toEqual([{ name: "clip_update", data: { clips: [{ id: "c" }] } }]),
        );
        await stop();
        await publisher.publish("user:u1:generate_songs", { name: "clip_update", data: { n: 2 } });
        await publisher.publish("user:u2:generate_songs", { name: "clip_update", data: { n: 3 } });
        await vi.waitFor(() => expect(other).toEqual([{ name: "clip_update", data: { n: 3 } }]));
        expect(got).toHaveLength(1);
      } finally {
        await publisher.close();
        if (subscriber !== publisher) await subscriber.close();
      }
    });

    it("keeps delivering to other listeners when one throws", async () => {
      const errors: unknown[] = [];
      const [publisher, subscriber] = await makePair((error) => errors.push(error));
      try {
        const got: unknown[] = [];
        await subscriber.subscribe("project:p", () => {
          throw new Error("listener broke");
        });
        await subscriber.subscribe("project:p", (event) => got.push(event.data));
        await publisher.publish("project:p", { name: "workspace_change", data: 1 });
        await vi.waitFor(() => expect(got).toEqual([1]));
      } finally {
        await publisher.close();
        if (subscriber !== publisher) await subscriber.close();
      }
      expect(errors).toEqual([new Error("listener broke")]);
    });
  });
}

pubSubContract("in-process", async (onError) => {
  const pubsub = new InProcessPubSub(onError);
  return [pubsub, pubsub];
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  // Two instances, as two servers would have: an event crosses from one to the other through Redis.
  pubSubContract("Redis", async (onError) => [
    await RedisPubSub.connect(redisUrl, onError),
    await RedisPubSub.connect(redisUrl, onError),
  ]);
} else {
  process.stdout.write(
    "\n!!! REDIS_URL is not set: the Redis pub/sub is not tested. Start Redis and set REDIS_URL to include it.\n\n",
  );
}

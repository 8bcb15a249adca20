import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { WebSocket } from "ws";
import {
  KICK_USER_EVENT,
  kickUserEventSchema,
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
} from "../../shared/api/realtime.ts";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import { findTokenUser } from "../auth/token-user.ts";
import type { Database, User } from "../db/schema.ts";
import { authorizeChannel } from "./channels.ts";
import type { RealtimeHub } from "./hub.ts";
import type { RealtimeEvent, Unsubscribe } from "./pubsub.ts";

/** Client messages are small JSON commands; a larger one closes the socket (1009, as ws would). */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** Channels one socket may follow at once: a user channel and the workspaces open in a few tabs. */
export const MAX_SUBSCRIPTIONS = 32;
/** Pings find dead peers; each one also re-checks the session, so a signed-out socket is closed. */
export const HEARTBEAT_MS = 30_000;
/** Close code for a session that ended (signed out or expired) while connected. */
export const SESSION_ENDED_CODE = 4401;

export interface SocketSessionOptions {
  readonly socket: WebSocket;
  readonly db: Kysely<Database>;
  readonly hub: RealtimeHub;
  readonly user: User;
  readonly token: string;
  readonly log: FastifyBaseLogger;
  readonly heartbeatMs?: number;
}

/** A kick_user event naming this user. */
function isKickOf(event: RealtimeEvent, userId: string): boolean {
  if (event.name !== KICK_USER_EVENT) return false;
  const kick = kickUserEventSchema.safeParse(event.data);
  return kick.success && kick.data.target_user_id === userId;
}

/** One authenticated socket: its subscriptions, its heartbeat, and its clean-up. */
export function runSocketSession(options: SocketSessionOptions): void {
  const { socket, db, hub, user, log } = options;
  const subscriptions = new Map<string, Unsubscribe>();
  let closed = false;
  // Messages are handled one after another, so a subscribe and an unsubscribe never cross.
  let queue: Promise<void> = Promise.resolve();

  const send = (message: RealtimeServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const subscribe = async (channel: string) => {
    if (subscriptions.has(channel)) return send({ type: "subscribed", channel });
    if (subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return send({ type: "error", channel, detail: `At most ${MAX_SUBSCRIPTIONS} channels per connection` });
    }
    const verdict = await authorizeChannel(db, user, channel, hub.projectAccess);
    if (!verdict.ok) return send({ type: "error", channel, detail: verdict.detail });
    const stop = await hub.pubsub.subscribe(channel, (event) => {
      send({ type: "event", channel, name: event.name, data: event.data });
      // Someone removed from a workspace stops following it at once: its next events are not theirs.
      if (isKickOf(event, user.id)) enqueue(() => unsubscribe(channel));
    });
    if (closed) return void (await stop());
    subscriptions.set(channel, stop);
    send({ type: "subscribed", channel });
  };

  const unsubscribe = async (channel: string) => {
    const stop = subscriptions.get(channel);
    subscriptions.delete(channel);
    await stop?.();
    send({ type: "unsubscribed", channel });
  };

  const handle = async (raw: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return send({ type: "error", detail: "Messages are JSON objects" });
    }
    const result = realtimeClientMessageSchema.safeParse(parsed);
    if (!result.success)
      return send({ type: "error", detail: `Invalid message: ${summarizeIssues(result.error)}` });
    const message = result.data;
    if (message.type === "ping") return send({ type: "pong" });
    if (message.type === "subscribe") return subscribe(message.channel);
    return unsubscribe(message.channel);
  };

  function enqueue(work: () => Promise<void>) {
    queue = queue.then(work).catch((error) => {
      log.error({ err: error }, "realtime message failed");
      send({ type: "error", detail: "The message could not be handled" });
    });
  }

  socket.on("message", (data, isBinary) => {
    if (isBinary) return send({ type: "error", detail: "Messages are JSON text" });
    const text = data.toString();
    if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) return socket.close(1009, "Message too big");
    enqueue(() => handle(text));
  });

  let alive = true;
  socket.on("pong", () => {
    alive = true;
  });
  const heartbeat = setInterval(async () => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
    try {
      if (!(await findTokenUser(db, options.token))) socket.close(SESSION_ENDED_CODE, "Session ended");
    } catch (error) {
      log.warn({ err: error }, "realtime session check failed");
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  socket.on("close", () => {
    closed = true;
    clearInterval(heartbeat);
    const stops = [...subscriptions.values()];
    subscriptions.clear();
    // After any message still being handled, so a subscribe finishing late is undone too.
    queue = queue.then(() => Promise.allSettled(stops.map((stop) => stop()))).then(() => {});
  });
}

// The user's channels over the realtime websocket: clip updates of their generations, and their
// notifications, as they happen. The socket reconnects after a loss, and says so, so that the page
// reloads what it may have missed.

import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import {
  CLIP_UPDATE_EVENT,
  REALTIME_PATH,
  type RealtimeServerMessage,
  userGenerateSongsChannel,
} from "../../shared/api/realtime.ts";

export interface RealtimeHandlers {
  readonly onClips: (clips: readonly Clip[]) => void;
  /** After the socket (re)subscribed: anything may have changed meanwhile. */
  readonly onSubscribed: () => void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000];
const PING_MS = 25_000;

function clipsOf(data: unknown): Clip[] {
  const list = (data as { clips?: unknown } | null)?.clips;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = clipSchema.safeParse(item);
    if (!parsed.success) console.warn("A clip update did not match the clip schema", parsed.error);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What a page does with one channel: its events, and each (re)subscription. */
export interface ChannelHandlers {
  readonly onEvent: (name: string, data: unknown) => void;
  /** After the socket (re)subscribed: anything may have changed meanwhile. */
  readonly onSubscribed: () => void;
}

/** Follows one of the signed-in user's channels until the returned function is called. */
export function followChannel(channel: string, handlers: ChannelHandlers): () => void {
  let socket: WebSocket | null = null;
  let attempts = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const current = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
    socket = current;
    current.onopen = () => {
      current.send(JSON.stringify({ type: "subscribe", channel }));
      ping = setInterval(() => current.send(JSON.stringify({ type: "ping" })), PING_MS);
    };
    current.onmessage = (event) => {
      let message: RealtimeServerMessage;
      try {
        message = JSON.parse(String(event.data)) as RealtimeServerMessage;
      } catch {
        return;
      }
      if (message.type === "subscribed" && message.channel === channel) {
        attempts = 0;
        handlers.onSubscribed();
      } else if (message.type === "event" && message.channel === channel) {
        handlers.onEvent(message.name, message.data);
      }
    };
    current.onclose = () => {
      clearInterval(ping);
      if (closed) return;
      const delay = RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)];
      attempts++;
      retry = setTimeout(connect, delay);
    };
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close();
  };
}

/** Follows the user's generations until the returned function is called. */
export function followGenerations(userId: string, handlers: RealtimeHandlers): () => void {
  return followChannel(userGenerateSongsChannel(userId), {
    onEvent: (name, data) => {
      if (name === CLIP_UPDATE_EVENT) handlers.onClips(clipsOf(data));
    },
    onSubscribed: handlers.onSubscribed,
  });
}

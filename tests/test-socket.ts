import WebSocket from "ws";
import type { RealtimeServerMessage } from "../src/shared/api/realtime.ts";

/** A websocket client that keeps every message, so a test can wait for the next one. */
export class TestSocket {
  private readonly received: RealtimeServerMessage[] = [];
  private waiting: ((message: RealtimeServerMessage) => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(message);
      } else this.received.push(message);
    });
  }

  static open(url: string, headers: Record<string, string>): Promise<TestSocket> {
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new TestSocket(socket)));
      socket.once("unexpected-response", (_request, response) =>
        reject(new Error(`refused with ${response.statusCode}`)),
      );
      socket.once("error", reject);
    });
  }

  next(): Promise<RealtimeServerMessage> {
    const queued = this.received.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  async subscribe(channel: string): Promise<RealtimeServerMessage> {
    this.send({ type: "subscribe", channel });
    return this.next();
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

// The page's side of a live project's socket: keeps a Y doc and the presence in step with the
// server's, sends this side's changes, reconnects after a drop and catches up both ways (sync
// steps 1 and 2), whatever happened meanwhile. Also used by tests and the bench in Node.

import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import {
  awarenessMessage,
  LIVE_CLOSE_LOCKED,
  LIVE_CLOSE_NOT_MEMBER,
  readLiveMessage,
  syncStep1,
  syncStep2,
  syncUpdate,
} from "../../shared/collab/live-messages.ts";

/** The part of a WebSocket used here (the browser's, or the ws package's in Node). */
export interface LiveSocket {
  binaryType: string;
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export type LiveStatus = "connecting" | "synced" | "offline" | "refused" | "closed";

/** Waits before reconnecting after a drop: 0.5, 1, 2, 5 s, then 5 s. */
const RECONNECT_MS = [500, 1000, 2000, 5000];

export interface LiveConnectionOptions {
  readonly doc: Y.Doc;
  readonly open: () => LiveSocket;
  /** The server refused one of this side's updates: the doc holds a change it will never take. */
  readonly onRefused?: (detail: string) => void;
  readonly onStatus?: (status: LiveStatus) => void;
}

export class LiveConnection {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  private socket: LiveSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private current: LiveStatus = "connecting";
  private readonly waiting = new Set<() => void>();

  constructor(private readonly options: LiveConnectionOptions) {
    this.doc = options.doc;
    this.awareness = new Awareness(this.doc);
    // Nothing to show until the page says who and where it is (y-protocols starts with an empty state).
    this.awareness.setLocalState(null);
    this.doc.on("update", this.sendUpdate);
    this.awareness.on("update", this.sendPresence);
    this.connect();
  }

  get status(): LiveStatus {
    return this.current;
  }

  /** Resolves once the doc is in step with the server's (now, or after the next sync). */
  synced(): Promise<void> {
    if (this.current === "synced") return Promise.resolve();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  private setStatus(status: LiveStatus): void {
    this.current = status;
    this.options.onStatus?.(status);
    if (status === "synced") {
      for (const resolve of [...this.waiting]) resolve();
      this.waiting.clear();
    }
  }

  private readonly sendUpdate = (update: Uint8Array, origin: unknown) => {
    // Changes that came from the server go no further; the others reach it now, or at the next sync.
    if (origin !== this) this.send(syncUpdate(update));
  };

  private readonly sendPresence = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin === this) return;
    const ids = [...change.added, ...change.updated, ...change.removed].filter(
      (id) => id === this.doc.clientID,
    );
    if (ids.length > 0) this.send(awarenessMessage(encodeAwarenessUpdate(this.awareness, ids)));
  };

  private send(message: Uint8Array): void {
    const socket = this.socket;
    if (socket !== null && socket.readyState === OPEN) socket.send(message);
  }

  private connect(): void {
    this.setStatus("connecting");
    const socket = this.options.open();
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => {
      socket.send(syncStep1(this.doc));
      if (this.awareness.getLocalState() !== null) {
        socket.send(awarenessMessage(encodeAwarenessUpdate(this.awareness, [this.doc.clientID])));
      }
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.current === "closed") return;
      if (event.code === LIVE_CLOSE_NOT_MEMBER || event.code === LIVE_CLOSE_LOCKED) {
        this.setStatus("refused");
        return;
      }
      this.setStatus("offline");
      const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)];
      this.attempts += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private receive(data: unknown): void {
    if (!(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data)) return;
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const message = readLiveMessage(bytes);
    if (message.kind === "step1") {
      this.send(syncStep2(this.doc, message.stateVector));
    } else if (message.kind === "update") {
      Y.applyUpdate(this.doc, message.update, this);
      // The server's step 2 answers this side's step 1: from then on the two are in step.
      if (message.answer && this.current === "connecting") {
        this.attempts = 0;
        this.setStatus("synced");
      }
    } else if (message.kind === "awareness") {
      applyAwarenessUpdate(this.awareness, message.update, this);
    } else {
      this.options.onRefused?.(message.detail);
    }
  }

  /** Cuts the socket as a network drop would (the connection comes back by itself). */
  drop(): void {
    this.socket?.close();
  }

  close(): void {
    this.setStatus("closed");
    if (this.timer !== null) clearTimeout(this.timer);
    this.doc.off("update", this.sendUpdate);
    this.awareness.off("update", this.sendPresence);
    this.awareness.destroy();
    this.socket?.close();
    this.socket = null;
  }
}

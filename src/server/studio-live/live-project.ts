// One studio project being edited live, on this server instance: the merged Y doc, the presence of
// the people connected here, and the checks every update passes before it reaches the doc.

import { fromBase64, toBase64 } from "lib0/buffer";
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from "y-protocols/awareness";
import * as Y from "yjs";
import {
  awarenessEntries,
  awarenessMessage,
  MALFORMED_LIVE_MESSAGE,
  OUT_OF_ORDER_UPDATE,
  PRESENCE_NOT_YOURS,
  readLiveMessage,
  refusedMessage,
  syncStep1,
  syncStep2,
  syncUpdate,
} from "../../shared/collab/live-messages.ts";
import { livePresenceSchema } from "../../shared/collab/presence.ts";
import {
  checkLiveChange,
  checkLiveState,
  type LiveStateCheck,
  readProjectState,
  writeProjectDiff,
} from "../../shared/collab/project-doc.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";

/** One connected socket, as the project sees it. */
export interface LivePeer {
  readonly userId: string;
  readonly handle: string;
  send(message: Uint8Array): void;
}

/** What a live project asks of the instance holding it. */
export interface LiveProjectHost {
  /** Whether the user may still edit (asked for every update, so a removed member's is refused). */
  mayEdit(userId: string): Promise<boolean>;
  /** Tells the other instances (base64 payloads, through the pub/sub). */
  relay(name: "update" | "awareness", payload: string): void;
  /** An accepted update changed the doc: the autosave waits for quiet. */
  changed(userId: string): void;
}

/** The origin of changes that came from another instance: not relayed back. */
const FROM_ELSEWHERE = Symbol("another instance");

export class LiveProject {
  readonly awareness: Awareness;
  /** Each peer with the awareness client ids it speaks for. */
  private readonly peers = new Map<LivePeer, Set<number>>();
  /**
   * A twin of the doc that takes each update first: the doc only gets the updates whose result
   * passes the checks, and the twin is rebuilt from the doc after one that did not.
   */
  private trial: Y.Doc;
  /** The doc's state as last checked, sharing its unchanged parts with the next one. */
  private checked: StudioProjectState;

  constructor(
    readonly projectId: string,
    readonly doc: Y.Doc,
    /** The selection of the version the doc started from: saves keep it (selections are personal). */
    private readonly selection: StudioProjectState["selection"],
    private readonly host: LiveProjectHost,
  ) {
    this.awareness = new Awareness(this.doc);
    // The server shows no presence of its own.
    this.awareness.setLocalState(null);
    this.trial = this.copyOfDoc();
    this.checked = readProjectState(this.doc, null, this.selection);
    this.doc.on("update", this.docChanged);
    this.awareness.on("update", this.presenceChanged);
  }

  private readonly docChanged = (update: Uint8Array, origin: unknown) => {
    const message = syncUpdate(update);
    for (const peer of this.peers.keys()) if (peer !== origin) peer.send(message);
    if (origin === FROM_ELSEWHERE) return;
    this.host.relay("update", toBase64(update));
    const editor = this.peers.has(origin as LivePeer) ? (origin as LivePeer).userId : null;
    if (editor !== null) this.host.changed(editor);
  };

  private readonly presenceChanged = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    const ids = [...change.added, ...change.updated, ...change.removed];
    const owned = this.peers.get(origin as LivePeer);
    if (owned) {
      for (const id of [...change.added, ...change.updated]) owned.add(id);
      for (const id of change.removed) owned.delete(id);
    }
    const update = encodeAwarenessUpdate(this.awareness, ids);
    const message = awarenessMessage(update);
    for (const peer of this.peers.keys()) if (peer !== origin) peer.send(message);
    if (origin !== FROM_ELSEWHERE) this.host.relay("awareness", toBase64(update));
  };

  get peerCount(): number {
    return this.peers.size;
  }

  /** The merged state with the saved selection, checked as a save would check it. */
  current(): LiveStateCheck {
    return checkLiveState(readProjectState(this.doc, null, this.selection));
  }

  private copyOfDoc(): Y.Doc {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(this.doc));
    return copy;
  }

  /** A new socket: it is asked for what it has, and shown who else is here. */
  join(peer: LivePeer): void {
    this.peers.set(peer, new Set());
    peer.send(syncStep1(this.doc));
    const others = [...this.awareness.getStates().keys()];
    if (others.length > 0) peer.send(awarenessMessage(encodeAwarenessUpdate(this.awareness, others)));
  }

  /** A socket gone: its presence goes with it. */
  leave(peer: LivePeer): void {
    const owned = this.peers.get(peer);
    this.peers.delete(peer);
    if (owned && owned.size > 0) removeAwarenessStates(this.awareness, [...owned], null);
  }

  /**
   * A message from a socket. Anything malformed or not allowed is refused with its reason and
   * changes nothing; the caller handles one socket's messages one after another.
   */
  async receive(peer: LivePeer, data: Uint8Array): Promise<"ok" | "not-member"> {
    let message: ReturnType<typeof readLiveMessage>;
    try {
      message = readLiveMessage(data);
    } catch {
      peer.send(refusedMessage(MALFORMED_LIVE_MESSAGE));
      return "ok";
    }
    if (message.kind === "step1") {
      peer.send(syncStep2(this.doc, message.stateVector));
      return "ok";
    }
    if (message.kind === "refused") {
      peer.send(refusedMessage(MALFORMED_LIVE_MESSAGE));
      return "ok";
    }
    if (!(await this.host.mayEdit(peer.userId))) return "not-member";
    if (!this.peers.has(peer)) return "ok";
    const refusal =
      message.kind === "update"
        ? this.applyUpdate(peer, message.update)
        : this.applyPresence(peer, message.update);
    if (refusal !== null) peer.send(refusedMessage(refusal));
    return "ok";
  }

  /** Tried on the twin first: the doc only ever holds states that parse. */
  private applyUpdate(peer: LivePeer, update: Uint8Array): string | null {
    const refusal = this.tryUpdate(update);
    if (refusal !== null) {
      this.trial.destroy();
      this.trial = this.copyOfDoc();
      return refusal;
    }
    Y.applyUpdate(this.doc, update, peer);
    return null;
  }

  private tryUpdate(update: Uint8Array): string | null {
    try {
      Y.applyUpdate(this.trial, update);
      if (this.trial.store.pendingStructs !== null || this.trial.store.pendingDs !== null)
        return OUT_OF_ORDER_UPDATE;
      const next = readProjectState(this.trial, this.checked, this.selection);
      const check = checkLiveChange(this.checked, next);
      if (!check.ok) return check.detail;
      this.checked = next;
      return null;
    } catch {
      return MALFORMED_LIVE_MESSAGE;
    }
  }

  private applyPresence(peer: LivePeer, update: Uint8Array): string | null {
    let entries: ReturnType<typeof awarenessEntries>;
    try {
      entries = awarenessEntries(update);
    } catch {
      return MALFORMED_LIVE_MESSAGE;
    }
    const owned = this.peers.get(peer) as Set<number>;
    const states = this.awareness.getStates();
    for (const { clientId, state } of entries) {
      // Someone else's client id (here or on another instance) is not the sender's to change.
      if (states.has(clientId) && !owned.has(clientId)) return PRESENCE_NOT_YOURS;
      if (state === null) continue;
      const parsed = livePresenceSchema.safeParse(state);
      if (!parsed.success || parsed.data.user.id !== peer.userId || parsed.data.user.handle !== peer.handle)
        return PRESENCE_NOT_YOURS;
    }
    applyAwarenessUpdate(this.awareness, update, peer);
    return null;
  }

  /**
   * A save made outside the live doc (`saved`, made on `base`): what it changed from its base is
   * written over the doc as one change, so live edits to anything else stay; where both changed one
   * field, the save (the later) wins. Checked like a peer's update first: the reason when the merged
   * state would not be valid (the doc is then left as it was), else null.
   */
  mergeSave(base: StudioProjectState | null, saved: StudioProjectState): string | null {
    const merged = this.copyOfDoc();
    try {
      writeProjectDiff(merged, base, saved);
      const next = readProjectState(merged, this.checked, this.selection);
      const check = checkLiveChange(this.checked, next);
      if (!check.ok) return check.detail;
      const update = Y.encodeStateAsUpdate(merged, Y.encodeStateVector(this.doc));
      Y.applyUpdate(this.trial, update);
      this.checked = next;
      Y.applyUpdate(this.doc, update);
      return null;
    } finally {
      merged.destroy();
    }
  }

  /** A change relayed by another instance (already checked there). */
  applyRelayed(name: string, payload: string): void {
    const bytes = fromBase64(payload);
    if (name === "update") {
      Y.applyUpdate(this.doc, bytes, FROM_ELSEWHERE);
      Y.applyUpdate(this.trial, bytes);
      this.checked = readProjectState(this.trial, this.checked, this.selection);
    } else if (name === "awareness") applyAwarenessUpdate(this.awareness, bytes, FROM_ELSEWHERE);
  }

  /** The whole doc, for another instance opening the project. */
  fullState(): string {
    return toBase64(Y.encodeStateAsUpdate(this.doc));
  }

  /** The doc is dropped; nothing more is sent or relayed. */
  close(): void {
    this.peers.clear();
    this.doc.off("update", this.docChanged);
    this.awareness.off("update", this.presenceChanged);
    this.awareness.destroy();
    this.trial.destroy();
    this.doc.destroy();
  }
}

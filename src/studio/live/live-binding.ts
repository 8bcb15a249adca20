// A studio edited live: the store's present stays the single source of truth on the main thread;
// each local change is written to the shared doc as one own edit, and the doc's changes (other
// people's edits, one's own undo) come back as the store's present, sharing its unchanged parts so
// the engine gets small patches. During a drag, others' changes wait in the doc until it ends.

import * as Y from "yjs";
import { createStore, type StoreApi } from "zustand/vanilla";
import { PRESENCE_NOT_YOURS } from "../../shared/collab/live-messages.ts";
import { type LivePresence, livePresenceSchema, presenceColor } from "../../shared/collab/presence.ts";
import { checkLiveChange, readProjectState, writeProjectDiff } from "../../shared/collab/project-doc.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { LiveConnection, type LiveSocket, type LiveStatus } from "./live-connection.ts";
import { LiveUndo } from "./live-undo.ts";

export interface LiveIdentity {
  readonly userId: string;
  readonly handle: string;
}

/** Someone else in the project, as their presence says. */
export interface PeerPresence extends LivePresence {
  readonly clientId: number;
}

/** Nobody: for views that show a binding's people when there may be no binding. */
export const NO_PEOPLE: StoreApi<readonly PeerPresence[]> = createStore<readonly PeerPresence[]>(() => []);

/** How often the playhead is shared while playing. */
const PLAYHEAD_SHARE_MS = 100;

export class LiveBinding {
  /** The others here now, for the presence strip. */
  readonly people: StoreApi<readonly PeerPresence[]> = createStore<readonly PeerPresence[]>(() => []);
  readonly status: StoreApi<LiveStatus> = createStore<LiveStatus>(() => "connecting");
  private doc = new Y.Doc();
  private undo = new LiveUndo(this.doc);
  private connection: LiveConnection;
  private ready = false;
  /** Set while the doc's state is being put into the store, so it is not written back. */
  private applying = false;
  private lastPresence = "";
  private lastShared = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly controller: StudioController,
    private readonly identity: LiveIdentity,
    private readonly open: () => LiveSocket,
    /** The server refused one of this page's changes (the page reloads the shared state). */
    private readonly onRefused: (detail: string) => void = () => {},
  ) {
    this.connection = this.connect();
    controller.liveUndo = { undo: () => this.undo.undo(), redo: () => this.undo.redo() };
    this.unsubscribe = controller.store.subscribe((state, previous) => {
      if (this.applying || !this.ready) return;
      const present = state.history.present;
      const before = previous.history.present;
      if (present !== before) {
        const continuing = state.history.gesture !== null && previous.history.gesture !== null;
        this.undo.transact(() => writeProjectDiff(this.doc, before, present), continuing);
      }
      if (state.history.gesture === null && previous.history.gesture !== null) this.refresh();
      if (present.selection !== before.selection || state.ui.cursorBeats !== previous.ui.cursorBeats) {
        this.sharePresence();
      }
    });
  }

  private connect(): LiveConnection {
    const connection = new LiveConnection({
      doc: this.doc,
      open: this.open,
      onRefused: (detail) => {
        // A refused presence changes no state; a refused update leaves this doc ahead of the server's.
        if (detail === PRESENCE_NOT_YOURS) return console.error(detail);
        this.onRefused(detail);
        this.restart();
      },
      onStatus: (status) => this.status.setState(status, true),
    });
    this.doc.on("update", () => {
      if (this.ready && !this.controller.inGesture) this.refresh();
    });
    this.undo.onStacks(() => this.refresh());
    connection.awareness.on("change", () => this.readPeople(connection));
    // Edits made before the doc is in step with the server's are queued as one change from here:
    // written over the server's state once synced, only the fields they changed, so none is lost.
    const unsynced = this.controller.project;
    void connection.synced().then(() => {
      if (this.connection !== connection) return;
      this.ready = true;
      const present = this.controller.project;
      if (present !== unsynced)
        this.undo.transact(() => writeProjectDiff(this.doc, unsynced, present), false);
      this.refresh();
      this.sharePresence();
    });
    return connection;
  }

  /** A refused change: this page's doc holds it, so it starts again from the server's. */
  private restart(): void {
    this.ready = false;
    this.connection.close();
    this.undo.destroy();
    this.doc.destroy();
    this.doc = new Y.Doc();
    this.undo = new LiveUndo(this.doc);
    this.lastPresence = "";
    this.connection = this.connect();
  }

  /** The doc's state into the store, unless it fails the schema (then the last good one stays). */
  private refresh(): void {
    if (!this.ready) return;
    const present = this.controller.project;
    const next = readProjectState(this.doc, present, present.selection);
    const check = checkLiveChange(present, next);
    if (!check.ok) {
      console.error(`Live project state refused: ${check.detail}`);
      return;
    }
    this.applying = true;
    try {
      this.controller.applyLive(next, { canUndo: this.undo.canUndo(), canRedo: this.undo.canRedo() });
    } finally {
      this.applying = false;
    }
  }

  private readPeople(connection: LiveConnection): void {
    const people: PeerPresence[] = [];
    for (const [clientId, state] of connection.awareness.getStates()) {
      if (clientId === this.doc.clientID) continue;
      const presence = livePresenceSchema.safeParse(state);
      if (presence.success) people.push({ ...presence.data, clientId });
    }
    people.sort((a, b) => a.user.handle.localeCompare(b.user.handle) || a.clientId - b.clientId);
    this.people.setState(people, true);
  }

  private sharePresence(): void {
    if (!this.ready) return;
    const { selection } = this.controller.project;
    const presence: LivePresence = {
      user: {
        id: this.identity.userId,
        handle: this.identity.handle,
        color: presenceColor(this.identity.userId),
      },
      selection: {
        trackIds: selection.trackIds,
        anchorBeats: selection.anchorBeats,
        focusBeats: selection.focusBeats,
      },
      playheadBeats: Math.max(0, this.controller.playheadBeats()),
      playing: this.controller.state.ui.playing,
    };
    const key = JSON.stringify(presence);
    if (key === this.lastPresence) return;
    this.lastPresence = key;
    this.connection.awareness.setLocalState(presence);
  }

  /** Each frame: the playhead is shared every 100 ms while playing. */
  frame(now: number): void {
    if (!this.controller.state.ui.playing && this.lastPresence.includes('"playing":false')) return;
    if (now - this.lastShared < PLAYHEAD_SHARE_MS) return;
    this.lastShared = now;
    this.sharePresence();
  }

  /** Cuts the socket as a network drop would; it comes back by itself. */
  dropConnection(): void {
    this.connection.drop();
  }

  close(): void {
    this.ready = false;
    this.unsubscribe();
    this.connection.close();
    this.undo.destroy();
    this.doc.destroy();
    this.controller.endLive();
  }
}

// The demo project has no server project to save to: its edits are kept in this browser, with the
// same delay and page-leave flush as the server autosave, in the persistence module's local copy.

import { AUTOSAVE_DELAY_MS } from "../../shared/api/studio.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { type KeyValueStorage, readLocalCopy, writeLocalCopy } from "../persistence/index.ts";

/** The local copy's project id for the demo: not a server id, so the two never meet. */
export const DEMO_PROJECT_KEY = "local-demo";

export function readDemoDraft(storage: KeyValueStorage | null): StudioProjectState | null {
  return storage === null ? null : (readLocalCopy(storage, DEMO_PROJECT_KEY)?.state ?? null);
}

export interface LocalSaveSnapshot {
  readonly status: "saved" | "unsaved" | "error";
  readonly error: string | null;
}

export class DemoAutosave {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: StudioProjectState | null = null;
  private current: LocalSaveSnapshot = { status: "saved", error: null };
  private readonly listeners = new Set<(snapshot: LocalSaveSnapshot) => void>();
  private readonly flushNow = () => this.flush();
  private readonly onVisibility = () => {
    if (document.visibilityState === "hidden") this.flush();
  };

  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {
    window.addEventListener("pagehide", this.flushNow);
    document.addEventListener("visibilitychange", this.onVisibility);
  }

  snapshot(): LocalSaveSnapshot {
    return this.current;
  }

  subscribe(listener: (snapshot: LocalSaveSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(snapshot: LocalSaveSnapshot): void {
    if (snapshot.status === this.current.status && snapshot.error === this.current.error) return;
    this.current = snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }

  change(state: StudioProjectState): void {
    this.pending = state;
    this.set({ status: "unsaved", error: null });
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(this.flushNow, this.delayMs);
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const state = this.pending;
    this.pending = null;
    if (state === null || this.storage === null) return;
    const kept = writeLocalCopy(this.storage, {
      projectId: DEMO_PROJECT_KEY,
      baseVersionId: null,
      state,
      writtenAt: Date.now(),
    });
    this.set(
      kept ? { status: "saved", error: null } : { status: "error", error: "This browser would not keep it" },
    );
  }

  dispose(): void {
    this.flush();
    window.removeEventListener("pagehide", this.flushNow);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }
}

// Autosave for the studio: a change is saved 2.5 s after the last one, at once when
// the page flushes (leaving, hidden), kept in the browser while the server cannot be reached or
// refuses, and retried with backoff. The latest state is never dropped: until the server has
// confirmed it, it is either being sent, waiting to be sent, or in the local copy.

import { AUTOSAVE_DELAY_MS } from "../../shared/api/studio.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import {
  type KeyValueStorage,
  readLocalCopy,
  removeLocalCopy,
  removeLocalCopyWrittenAt,
  writeLocalCopy,
} from "./local-copy.ts";
import { sameJson } from "./same-state.ts";
import { classifySaveError, errorMessage, type SaveFailure } from "./save-errors.ts";

/**
 * saved: the server has the latest state; saving: a save is on its way; unsaved: a change waits
 * for the autosave; offline: no connection, retrying; error: the server failed or refused (retrying
 * unless it refused the state itself); locked: the version is locked, nothing more is saved (the
 * page opens the clone modal); read_only: someone else's shared project (the page offers to remix).
 */
export type SaveStatus = "saved" | "saving" | "unsaved" | "offline" | "error" | "locked" | "read_only";

export interface SaveContext {
  readonly projectId: string;
  /** The latest version the server confirmed: the one these edits were made on. */
  readonly baseVersionId: number | null;
  /** The page is going away: the request must outlive it (fetch keepalive). */
  readonly keepalive: boolean;
}

/** Saves a state as a new version and answers its id (the API client's saveProject). */
export type SaveFunction = (state: StudioProjectState, context: SaveContext) => Promise<number>;

export interface SaverSnapshot {
  readonly status: SaveStatus;
  readonly projectId: string | null;
  /** The latest version the server confirmed (the loaded one until the first save). */
  readonly versionId: number | null;
  readonly hasUnsavedChanges: boolean;
  /** Why the last save failed, while it matters. */
  readonly error: string | null;
  /** The browser would not keep the unsaved state (storage full or disabled). */
  readonly localCopyFailed: boolean;
}

export interface RetryPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
}

/** Ours: 1 s, doubling, at most 30 s between tries. */
export const DEFAULT_RETRY: RetryPolicy = { firstMs: 1000, maxMs: 30_000 };

export interface ProjectSaverOptions {
  readonly save: SaveFunction;
  /** Where unsaved states are kept (localStorage in the browser); null keeps none. */
  readonly storage?: KeyValueStorage | null;
  /** navigator.onLine by default. */
  readonly isOnline?: () => boolean;
  readonly debounceMs?: number;
  readonly retry?: RetryPolicy;
  readonly now?: () => number;
}

export interface OpenedProject {
  readonly projectId: string;
  /** The version the page loaded. */
  readonly versionId: number | null;
  /** The state the page loaded: a local copy equal to it is stale and dropped. */
  readonly state?: StudioProjectState;
  /** Do not look for a local copy (the spec: loading a version one does not own may skip it). */
  readonly skipLocalCopy?: boolean;
}

type Failure = "offline" | "error" | "locked" | "read_only";

const FAILURES: Record<SaveFailure, Failure> = {
  offline: "offline",
  failed: "error",
  rejected: "error",
  locked: "locked",
  read_only: "read_only",
};

const defaultOnline = () => globalThis.navigator?.onLine ?? true;

export class ProjectSaver {
  private readonly save: SaveFunction;
  private readonly storage: KeyValueStorage | null;
  private readonly isOnline: () => boolean;
  private readonly debounceMs: number;
  private readonly retry: RetryPolicy;
  private readonly now: () => number;
  private readonly listeners = new Set<(snapshot: SaverSnapshot) => void>();

  private projectId: string | null = null;
  private versionId: number | null = null;
  private latest: StudioProjectState | null = null;
  /** Changes are numbered; the server has confirmed those up to savedSeq. */
  private changeSeq = 0;
  private savedSeq = 0;
  private failure: Failure | null = null;
  private error: string | null = null;
  private failures = 0;
  private inFlight = 0;
  private running: Promise<void> | null = null;
  /** The autosave came due while a save was on its way: save again when it is back. */
  private queued = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private localCopyAt: number | null = null;
  /** The change the local copy holds: an unchanged state is not written again on every retry. */
  private localCopySeq = -1;
  private localCopyFailed = false;
  /** Bumped by reset: answers for an earlier project are ignored. */
  private generation = 0;
  private current: SaverSnapshot;

  constructor(options: ProjectSaverOptions) {
    this.save = options.save;
    this.storage = options.storage ?? null;
    this.isOnline = options.isOnline ?? defaultOnline;
    this.debounceMs = options.debounceMs ?? AUTOSAVE_DELAY_MS;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.now = options.now ?? Date.now;
    this.current = this.compute();
  }

  get status(): SaveStatus {
    return this.current.status;
  }

  get hasUnsavedChanges(): boolean {
    return this.projectId !== null && this.changeSeq > this.savedSeq;
  }

  /** The newest state, saved or not (a clone can take it over). */
  get latestState(): StudioProjectState | null {
    return this.latest;
  }

  /** The same object until something changes (fit for React's useSyncExternalStore). */
  snapshot(): SaverSnapshot {
    return this.current;
  }

  subscribe(listener: (snapshot: SaverSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts over on another project (or none). Unsaved changes of the previous one are sent once more
   * in the background and stay in its local copy until the server has them; with carryOver (the
   * project was locked or someone else's, and the page cloned it) they move to the new project
   * instead. Answers the unsaved state the new project starts with (carried over, or found in the
   * browser from an earlier visit), which the page shows instead of the loaded one and which is
   * saved at once; null when there is none.
   */
  reset(project: OpenedProject | null, options: { carryOver?: boolean } = {}): StudioProjectState | null {
    const carried = options.carryOver && this.hasUnsavedChanges ? this.latest : null;
    if (carried && this.storage && this.projectId !== null) removeLocalCopy(this.storage, this.projectId);
    else this.saveInBackground();
    this.generation++;
    this.clearTimer();
    this.projectId = project?.projectId ?? null;
    this.versionId = project?.versionId ?? null;
    this.latest = project?.state ?? null;
    this.changeSeq = 0;
    this.savedSeq = 0;
    this.failure = null;
    this.error = null;
    this.failures = 0;
    this.inFlight = 0;
    this.running = null;
    this.queued = false;
    this.localCopyAt = null;
    this.localCopySeq = -1;
    this.localCopyFailed = false;
    const recovered = project && !project.skipLocalCopy ? this.recover(project) : null;
    if (project && carried) {
      this.latest = carried;
      this.changeSeq = 1;
      this.schedule(0);
    }
    this.emit();
    return project ? (carried ?? recovered) : null;
  }

  /** Records a new state: saved once no other change comes for the autosave delay. */
  change(state: StudioProjectState): void {
    if (this.projectId === null) throw new Error("Open a project (reset) before changing it");
    if (state === this.latest) return;
    this.latest = state;
    this.changeSeq++;
    if (this.failure === "locked" || this.failure === "read_only") this.keepLocalCopy();
    else this.schedule(this.debounceMs);
    this.emit();
  }

  /**
   * Saves now what is unsaved. With keepalive (the page is being hidden or closed) the request is
   * sent at once, even beside one already on its way, and the state is also kept locally in case it
   * does not arrive. Never rejects: the outcome is in the status.
   */
  async flush(options: { keepalive?: boolean } = {}): Promise<void> {
    this.clearTimer();
    if (!this.hasUnsavedChanges) return;
    if (options.keepalive) {
      this.keepLocalCopy();
      return this.send(true);
    }
    while (this.running) await this.running;
    if (this.hasUnsavedChanges && !this.stopped()) await this.start();
  }

  /** Tries again now (the browser is back online). */
  retryNow(): void {
    if (!this.hasUnsavedChanges || (this.failure !== "offline" && this.failure !== "error")) return;
    this.clearTimer();
    void this.start();
  }

  /** Stops timers and listeners; what is unsaved stays in the local copy if one was written. */
  dispose(): void {
    this.generation++;
    this.clearTimer();
    this.listeners.clear();
  }

  private stopped(): boolean {
    return this.failure === "locked" || this.failure === "read_only";
  }

  private recover(project: OpenedProject): StudioProjectState | null {
    if (!this.storage) return null;
    const copy = readLocalCopy(this.storage, project.projectId);
    if (!copy) return null;
    // The copy made as the page went away, whose save did arrive: nothing to recover.
    if (project.state && sameJson(copy.state, project.state)) {
      removeLocalCopy(this.storage, project.projectId);
      return null;
    }
    this.latest = copy.state;
    this.changeSeq = 1;
    this.localCopyAt = copy.writtenAt;
    this.localCopySeq = 1;
    this.schedule(0);
    return copy.state;
  }

  /** One more try for the project being left; its local copy goes once the server has the state. */
  private saveInBackground(): void {
    if (!this.hasUnsavedChanges || this.stopped() || !this.latest || this.projectId === null) return;
    this.keepLocalCopy();
    const { storage, localCopyAt } = this;
    const projectId = this.projectId;
    const context = { projectId, baseVersionId: this.versionId, keepalive: false };
    this.save(this.latest, context).then(
      () => {
        if (storage && localCopyAt !== null) removeLocalCopyWrittenAt(storage, projectId, localCopyAt);
      },
      () => {
        // The local copy stays: the project's next opening saves it.
      },
    );
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One save at a time: a save that comes due meanwhile follows the one on its way. */
  private start(): Promise<void> {
    if (this.running) {
      this.queued = true;
      return this.running;
    }
    const generation = this.generation;
    const run = this.send(false).finally(() => {
      if (generation !== this.generation) return;
      this.running = null;
      if (this.queued && this.hasUnsavedChanges && !this.stopped()) {
        this.queued = false;
        void this.start();
      }
    });
    this.running = run;
    return run;
  }

  private async send(keepalive: boolean): Promise<void> {
    const { projectId, latest: state, generation, changeSeq: seq } = this;
    if (projectId === null || state === null || !this.hasUnsavedChanges || this.stopped()) return;
    if (!this.isOnline()) {
      this.fail("offline", "You are offline: changes are kept in this browser until the connection is back");
      this.emit();
      return;
    }
    this.inFlight++;
    this.emit();
    try {
      const versionId = await this.save(state, { projectId, baseVersionId: this.versionId, keepalive });
      if (generation !== this.generation) return;
      this.versionId = Math.max(this.versionId ?? 0, versionId);
      this.savedSeq = Math.max(this.savedSeq, seq);
      this.failure = null;
      this.error = null;
      this.failures = 0;
      if (!this.hasUnsavedChanges) this.dropLocalCopy();
    } catch (error) {
      if (generation !== this.generation) return;
      this.fail(classifySaveError(error), errorMessage(error));
    } finally {
      if (generation === this.generation) {
        this.inFlight--;
        this.emit();
      }
    }
  }

  private fail(kind: SaveFailure, message: string): void {
    this.failure = FAILURES[kind];
    this.error = message;
    this.queued = false;
    this.keepLocalCopy();
    if (kind === "offline" || kind === "failed") {
      const delay = Math.min(this.retry.maxMs, this.retry.firstMs * 2 ** this.failures);
      this.failures++;
      this.schedule(delay);
    } else {
      // Sending the same state again cannot help; the next change tries again (unless stopped).
      this.clearTimer();
    }
  }

  private keepLocalCopy(): void {
    if (!this.storage || this.projectId === null || this.latest === null) return;
    if (this.localCopySeq === this.changeSeq) return;
    const writtenAt = this.now();
    const kept = writeLocalCopy(this.storage, {
      projectId: this.projectId,
      baseVersionId: this.versionId,
      state: this.latest,
      writtenAt,
    });
    this.localCopyFailed = !kept;
    if (kept) {
      this.localCopyAt = writtenAt;
      this.localCopySeq = this.changeSeq;
    }
  }

  private dropLocalCopy(): void {
    if (!this.storage || this.projectId === null) return;
    removeLocalCopy(this.storage, this.projectId);
    this.localCopyAt = null;
    this.localCopySeq = -1;
  }

  private compute(): SaverSnapshot {
    const unsaved = this.hasUnsavedChanges;
    let status: SaveStatus;
    if (this.stopped()) status = this.failure as SaveStatus;
    else if (this.inFlight > 0) status = "saving";
    else if (this.failure !== null && unsaved) status = this.failure;
    else status = unsaved ? "unsaved" : "saved";
    return {
      status,
      projectId: this.projectId,
      versionId: this.versionId,
      hasUnsavedChanges: unsaved,
      error: status === "saved" || status === "unsaved" ? null : this.error,
      localCopyFailed: this.localCopyFailed,
    };
  }

  private emit(): void {
    const next = this.compute();
    const previous = this.current;
    const same = (Object.keys(next) as (keyof SaverSnapshot)[]).every((key) => next[key] === previous[key]);
    if (same) return;
    this.current = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}

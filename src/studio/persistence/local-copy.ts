// The unsaved state kept in the browser (localStorage) while it cannot reach the server, or while
// the page is going away: the next visit to the project finds it and saves it.

import type { StudioProjectState } from "../../shared/project/index.ts";
import { loadProjectState } from "../editing/normalize.ts";

/** The part of the Web Storage interface used here; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface LocalCopy {
  readonly projectId: string;
  /** The latest version the server had confirmed when the copy was made. */
  readonly baseVersionId: number | null;
  readonly state: StudioProjectState;
  /** When the copy was written (ms since the epoch); also tells one copy from another. */
  readonly writtenAt: number;
}

const KEY_PREFIX = "tunesmith:studio:unsaved:";
const keyOf = (projectId: string) => `${KEY_PREFIX}${projectId}`;

/** An in-memory storage, for tests and for browsers that refuse localStorage. */
export function memoryStorage(): KeyValueStorage & { readonly entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

/** The browser's localStorage, or null where there is none or it is refused (private modes, sandboxes). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Writes the copy; false when the storage refuses it (full, or disabled). */
export function writeLocalCopy(storage: KeyValueStorage, copy: LocalCopy): boolean {
  try {
    storage.setItem(keyOf(copy.projectId), JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

/** The project's copy, read as a saved state is; one that cannot be read is dropped. */
export function readLocalCopy(storage: KeyValueStorage, projectId: string): LocalCopy | null {
  let text: string | null;
  try {
    text = storage.getItem(keyOf(projectId));
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const raw = JSON.parse(text) as Partial<Record<keyof LocalCopy, unknown>>;
    if (raw.projectId !== projectId || typeof raw.writtenAt !== "number") throw new Error("Not a local copy");
    return {
      projectId,
      baseVersionId: typeof raw.baseVersionId === "number" ? raw.baseVersionId : null,
      state: loadProjectState(raw.state),
      writtenAt: raw.writtenAt,
    };
  } catch {
    removeLocalCopy(storage, projectId);
    return null;
  }
}

export function removeLocalCopy(storage: KeyValueStorage, projectId: string): void {
  try {
    storage.removeItem(keyOf(projectId));
  } catch {
    // A storage that cannot remove could not have kept a copy either.
  }
}

/** Removes the copy only if it is the one written at `writtenAt` (a newer one is kept). */
export function removeLocalCopyWrittenAt(
  storage: KeyValueStorage,
  projectId: string,
  writtenAt: number,
): void {
  try {
    const text = storage.getItem(keyOf(projectId));
    if (text !== null && (JSON.parse(text) as { writtenAt?: unknown }).writtenAt === writtenAt) {
      storage.removeItem(keyOf(projectId));
    }
  } catch {
    // Unreadable: readLocalCopy drops it when the project is next opened.
  }
}

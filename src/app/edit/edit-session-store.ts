// The open edit session, kept in local storage at every change so a reload restores it (while it
// is fresh: see restoreEditSession). Leaving the editor ends it: the stored copy goes.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import {
  EDIT_SESSION_KEY,
  type EditSession,
  type EditTool,
  newEditSession,
  restoreEditSession,
  serializeEditSession,
} from "../../studio/edit/edit-session.ts";
import { browserStorage } from "../../studio/persistence/index.ts";

const sessionStore = createStore<EditSession | null>(() => null);

export const useEditSession = <T>(select: (session: EditSession | null) => T): T =>
  useStore(sessionStore, select);

export const currentEditSession = (): EditSession | null => sessionStore.getState();

function save(session: EditSession): void {
  sessionStore.setState(session, true);
  try {
    browserStorage()?.setItem(EDIT_SESSION_KEY, serializeEditSession(session, Date.now()));
  } catch (error) {
    // A full or disabled storage only loses the restore after a reload.
    console.warn("The edit session could not be kept in local storage", error);
  }
}

/**
 * Starts editing a song: the stored session when it is this song's and fresh, else a new one. A
 * tool asked for by the address (the song menu's Crop, Replace Section) becomes the active one.
 */
export function beginEditSession(clipId: string, tool: EditTool | null): EditSession {
  const current = sessionStore.getState();
  const stored = browserStorage()?.getItem(EDIT_SESSION_KEY) ?? null;
  const session =
    (current?.editingClipId === clipId ? current : null) ??
    restoreEditSession(stored, clipId, Date.now()) ??
    newEditSession(clipId, crypto.randomUUID());
  const next = tool === null ? session : { ...session, activeEditTool: tool };
  save(next);
  return next;
}

/** Changes the session (a setting, the selection, a pending edit) and stores it. */
export function updateEditSession(change: (session: EditSession) => EditSession): void {
  const current = sessionStore.getState();
  if (current === null) return;
  const next = change(current);
  if (next !== current) save(next);
}

/** Leaving the editor: the session and its stored copy go. */
export function endEditSession(): void {
  sessionStore.setState(null, true);
  browserStorage()?.removeItem(EDIT_SESSION_KEY);
}

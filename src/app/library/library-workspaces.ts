// The library's workspace list: the active and the archived workspaces, made, renamed, archived
// and restored from the page (archive and restore optimistically, put back if the call fails), and
// songs moved into one (the move itself is the app's, shared with the song menu).

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import {
  myWorkspacesResponseSchema,
  WORKSPACE_TEXT_MAX,
  type WorkspaceSummary,
  workspaceSummarySchema,
} from "../../shared/api/workspaces.ts";
import { apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";
import { createWorkspace, moveClipsToWorkspace } from "../shell/workspaces-store.ts";

export interface LibraryWorkspacesState {
  readonly active: readonly WorkspaceSummary[];
  readonly archived: readonly WorkspaceSummary[];
  readonly loaded: boolean;
}

export const libraryWorkspaces = createStore<LibraryWorkspacesState>(() => ({
  active: [],
  archived: [],
  loaded: false,
}));
export const useLibraryWorkspaces = <T>(select: (state: LibraryWorkspacesState) => T): T =>
  useStore(libraryWorkspaces, select);

const TOAST_MS = 3000;

/** The first page of each list; failures are only logged, as the spec says for project loads. */
export async function loadLibraryWorkspaces(): Promise<void> {
  try {
    const [active, archived] = await Promise.all([
      apiRequest("/api/project/me?page=1", myWorkspacesResponseSchema),
      apiRequest("/api/project/me?page=1&show_trashed=true", myWorkspacesResponseSchema),
    ]);
    libraryWorkspaces.setState({ active: active.projects, archived: archived.projects, loaded: true });
  } catch (error) {
    console.warn("The workspaces could not be loaded", error);
    libraryWorkspaces.setState({ loaded: true });
  }
}

/** A new workspace ('New workspace created'), first in the list. */
export async function makeWorkspace(name: string): Promise<void> {
  try {
    const made = await createWorkspace(name.slice(0, WORKSPACE_TEXT_MAX));
    libraryWorkspaces.setState((state) => ({ active: [made, ...state.active] }));
  } catch (error) {
    failed(error);
  }
}

/** Renames a workspace ('Workspace name updated'); names are cut to 100 characters. */
/** Renames a workspace and sets its description ('Workspace name updated'). */
export async function editWorkspace(
  workspace: WorkspaceSummary,
  text: { readonly name: string; readonly description: string },
): Promise<void> {
  const name = text.name.trim().slice(0, WORKSPACE_TEXT_MAX);
  const description = text.description.trim().slice(0, WORKSPACE_TEXT_MAX);
  if (name === "" || (name === workspace.name && description === workspace.description)) return;
  try {
    const updated = await apiRequest(
      `/api/project/${encodeURIComponent(workspace.id)}/metadata`,
      workspaceSummarySchema,
      { body: { name, description } },
    );
    libraryWorkspaces.setState((state) => ({
      active: state.active.map((shown) => (shown.id === updated.id ? updated : shown)),
    }));
    showToast({
      kind: "info",
      title: i18n.t(
        name === workspace.name
          ? "library:libraryWorkspaces.workspaceDescriptionUpdated"
          : "library:libraryWorkspaces.workspaceNameUpdated",
      ),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed(error);
  }
}

/**
 * Archives (trashes) a workspace or restores it: it moves between the lists at once, and back with
 * 'Workspace removal failed' or 'Workspace failed to restore' when the call fails.
 */
export async function setWorkspaceArchived(workspace: WorkspaceSummary, archived: boolean): Promise<void> {
  const before = libraryWorkspaces.getState();
  const moved = { ...workspace, is_trashed: archived };
  libraryWorkspaces.setState({
    active: archived ? before.active.filter((w) => w.id !== workspace.id) : [moved, ...before.active],
    archived: archived ? [moved, ...before.archived] : before.archived.filter((w) => w.id !== workspace.id),
  });
  try {
    await apiRequest("/api/project/trash", workspaceSummarySchema, {
      body: { project_id: workspace.id, undo_trash: !archived },
    });
    showToast({
      kind: "info",
      title: archived
        ? i18n.t("library:libraryWorkspaces.workspaceTrashed")
        : i18n.t("library:libraryWorkspaces.workspaceRestored"),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    console.warn("Archiving or restoring a workspace failed", error);
    libraryWorkspaces.setState({ active: before.active, archived: before.archived });
    showToast({
      kind: "error",
      title: archived
        ? i18n.t("library:libraryWorkspaces.workspaceRemovalFailed")
        : i18n.t("library:libraryWorkspaces.workspaceFailedToRestore"),
      durationMs: 5000,
    });
  }
}

/** Moves the user's songs into a workspace; the list's workspace counts follow. */
export async function moveClipsTo(
  clips: readonly Clip[],
  target: { readonly id: string; readonly name: string },
): Promise<void> {
  if (await moveClipsToWorkspace(clips, target)) void loadLibraryWorkspaces();
}

function failed(error: unknown): void {
  showToast({
    kind: "error",
    title: i18n.t("library:libraryWorkspaces.unknownErrorOccurred"),
    description: error instanceof Error ? error.message : undefined,
    durationMs: 5000,
  });
}

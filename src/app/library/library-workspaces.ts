// The library's workspace list: the active and the archived workspaces, made, renamed, archived
// and restored from the page (archive and restore optimistically, put back if the call fails), and
// songs moved into one (the move itself is the app's, shared with the song menu).

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import {
  myWorkspacesResponseSchema,
  WORKSPACE_TEXT_MAX,
  type WorkspaceSort,
  type WorkspaceSummary,
  workspaceSummarySchema,
} from "../../shared/api/workspaces.ts";
import { apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";
import { createWorkspace, moveClipsToWorkspace } from "../shell/workspaces-store.ts";

/** One of the two lists (active, archived), as far as it is loaded. */
export interface WorkspacePages {
  readonly list: readonly WorkspaceSummary[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly total: number;
}

export interface LibraryWorkspacesState {
  readonly active: readonly WorkspaceSummary[];
  readonly archived: readonly WorkspaceSummary[];
  readonly activePages: Omit<WorkspacePages, "list">;
  readonly archivedPages: Omit<WorkspacePages, "list">;
  readonly sort: WorkspaceSort;
  /** As typed; trimmed when sent. */
  readonly query: string;
  readonly loaded: boolean;
}

const NO_PAGES = { page: 0, hasMore: false, total: 0 };

export const libraryWorkspaces = createStore<LibraryWorkspacesState>(() => ({
  active: [],
  archived: [],
  activePages: NO_PAGES,
  archivedPages: NO_PAGES,
  sort: "updated_at",
  query: "",
  loaded: false,
}));
export const useLibraryWorkspaces = <T>(select: (state: LibraryWorkspacesState) => T): T =>
  useStore(libraryWorkspaces, select);

const TOAST_MS = 3000;

/** Bumped by each new list asked for: an answer for an older one is dropped. */
let listTicket = 0;

async function fetchWorkspaces(archived: boolean, page: number) {
  const { sort, query } = libraryWorkspaces.getState();
  const params = new URLSearchParams({ page: String(page), sort });
  if (archived) params.set("show_trashed", "true");
  if (query.trim() !== "") params.set("query", query.trim());
  return apiRequest(`/api/project/me?${params}`, myWorkspacesResponseSchema);
}

const pagesOf = (answer: { current_page: number; has_more: boolean; num_total_results: number }) => ({
  page: answer.current_page,
  hasMore: answer.has_more,
  total: answer.num_total_results,
});

/**
 * The first page of each list (20 a page) under the sort and search; failures are only logged, as
 * the spec says for project loads.
 */
export async function loadLibraryWorkspaces(): Promise<void> {
  const ticket = ++listTicket;
  try {
    const [active, archived] = await Promise.all([fetchWorkspaces(false, 1), fetchWorkspaces(true, 1)]);
    if (ticket !== listTicket) return;
    libraryWorkspaces.setState({
      active: active.projects,
      archived: archived.projects,
      activePages: pagesOf(active),
      archivedPages: pagesOf(archived),
      loaded: true,
    });
  } catch (error) {
    console.warn("The workspaces could not be loaded", error);
    if (ticket === listTicket) libraryWorkspaces.setState({ loaded: true });
  }
}

/** Sorts or searches the lists: they start again from their first page. */
export function setWorkspaceListView(view: { readonly sort?: WorkspaceSort; readonly query?: string }): void {
  libraryWorkspaces.setState(view);
  void loadLibraryWorkspaces();
}

/** The next page of one list, after the ones shown (a workspace shown already is not repeated). */
export async function loadMoreWorkspaces(archived: boolean): Promise<void> {
  const ticket = listTicket;
  const state = libraryWorkspaces.getState();
  const pages = archived ? state.archivedPages : state.activePages;
  if (!pages.hasMore) return;
  try {
    const answer = await fetchWorkspaces(archived, pages.page + 1);
    if (ticket !== listTicket) return;
    libraryWorkspaces.setState((shown) => {
      const list = archived ? shown.archived : shown.active;
      const known = new Set(list.map((workspace) => workspace.id));
      const more = [...list, ...answer.projects.filter((workspace) => !known.has(workspace.id))];
      return archived
        ? { archived: more, archivedPages: pagesOf(answer) }
        : { active: more, activePages: pagesOf(answer) };
    });
  } catch (error) {
    console.warn("More workspaces could not be loaded", error);
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

/** Renames a workspace and sets its description ('Workspace name updated'), each cut to 100 characters. */
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
  const step = archived ? 1 : -1;
  libraryWorkspaces.setState({
    active: archived ? before.active.filter((w) => w.id !== workspace.id) : [moved, ...before.active],
    archived: archived ? [moved, ...before.archived] : before.archived.filter((w) => w.id !== workspace.id),
    activePages: { ...before.activePages, total: before.activePages.total - step },
    archivedPages: { ...before.archivedPages, total: before.archivedPages.total + step },
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
    libraryWorkspaces.setState({
      active: before.active,
      archived: before.archived,
      activePages: before.activePages,
      archivedPages: before.archivedPages,
    });
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

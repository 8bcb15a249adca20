// The signed-in user's workspaces for the switcher beside the song list:
// loaded from GET /api/project/me, a new one made with POST /api/project, and a song put into one
// with POST /api/project/{id}/clips. A list that arrives after the user changed what was asked for
// is ignored.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import {
  DEFAULT_WORKSPACE_ID,
  myWorkspacesResponseSchema,
  updateWorkspaceClipsResponseSchema,
  type WorkspaceSummary,
  workspaceSummarySchema,
} from "../../shared/api/workspaces.ts";
import { workspaceMoveWords } from "../../shared/workspaces/workspace-move-words.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { publishClipChanges } from "./clip-changes.ts";
import { showToast } from "./toast-store.ts";

export interface WorkspacesState {
  readonly list: readonly WorkspaceSummary[];
  readonly loaded: boolean;
}

export const workspacesStore = createStore<WorkspacesState>(() => ({ list: [], loaded: false }));

export const useWorkspaces = <T>(select: (state: WorkspacesState) => T): T =>
  useStore(workspacesStore, select);

/** The switcher lists this many (the newest changed first); the address may name an older one. */
const PAGES = 5;
const WORKSPACE_TOAST_MS = 3000;

let loading = 0;

export async function loadWorkspaces(): Promise<void> {
  const ticket = ++loading;
  const list: WorkspaceSummary[] = [];
  for (let page = 1; page <= PAGES; page++) {
    const answer = await apiRequest(`/api/project/me?page=${page}`, myWorkspacesResponseSchema);
    list.push(...answer.projects);
    if (!answer.has_more) break;
  }
  if (ticket === loading) workspacesStore.setState({ list, loaded: true });
}

/** Makes a workspace; it goes first in the list. */
export async function createWorkspace(name: string): Promise<WorkspaceSummary> {
  const made = await apiRequest("/api/project", workspaceSummarySchema, { body: { name, description: "" } });
  loading++;
  workspacesStore.setState((state) => ({
    list: [made, ...state.list.filter((w) => w.id !== made.id)],
    loaded: true,
  }));
  showToast({ kind: "info", title: i18n.t("workspaces.created"), durationMs: WORKSPACE_TOAST_MS });
  return made;
}

/** Whether a workspace id in the address is the default workspace (songs in no other). */
export const isDefaultWorkspace = (wid: string | null): wid is typeof DEFAULT_WORKSPACE_ID | null =>
  wid === null || wid === DEFAULT_WORKSPACE_ID;

/** Puts the user's songs into a workspace (nothing to do for the default one: they are there). */
export async function addClipsToWorkspace(wid: string | null, clipIds: readonly string[]): Promise<void> {
  if (isDefaultWorkspace(wid) || clipIds.length === 0) return;
  await apiRequest(`/api/project/${encodeURIComponent(wid)}/clips`, updateWorkspaceClipsResponseSchema, {
    body: { update_type: "add", metadata: { clip_ids: clipIds } },
  });
}

const MOVED_TOAST_MS = 2000;

/**
 * Moves the user's songs into a workspace, told in workspaceMoveWords' words; into the default
 * workspace, each is taken out of the one it was in. Every list places the moved songs by its filters at once.
 * Answers whether the move happened (a failure shows 'Unknown error occurred' with the cause).
 */
export async function moveClipsToWorkspace(
  clips: readonly Clip[],
  target: { readonly id: string; readonly name: string },
): Promise<boolean> {
  try {
    if (isDefaultWorkspace(target.id)) {
      const sources = [...new Set(clips.flatMap((clip) => (clip.project ? [clip.project.id] : [])))];
      for (const source of sources) {
        const ids = clips.filter((clip) => clip.project?.id === source).map((clip) => clip.id);
        await apiRequest(
          `/api/project/${encodeURIComponent(source)}/clips`,
          updateWorkspaceClipsResponseSchema,
          {
            body: { update_type: "remove", metadata: { clip_ids: ids } },
          },
        );
      }
    } else {
      await addClipsToWorkspace(
        target.id,
        clips.map((clip) => clip.id),
      );
    }
  } catch (error) {
    showToast({
      kind: "error",
      title: i18n.t("unknownError"),
      description: error instanceof Error ? error.message : undefined,
      durationMs: 5000,
    });
    return false;
  }
  const project = isDefaultWorkspace(target.id) ? null : { id: target.id, name: target.name };
  publishClipChanges(clips.map((clip) => ({ ...clip, project })));
  const words = workspaceMoveWords(
    clips.map((clip) => clip.project?.id ?? null),
    target,
  );
  showToast({
    kind: "info",
    title:
      words.key === "added"
        ? i18n.t(words.count === 1 ? "workspaces.addedOne" : "workspaces.addedMany", { count: words.count })
        : words.key === "removed"
          ? i18n.t("workspaces.removed")
          : i18n.t("workspaces.moved", { name: words.name }),
    durationMs: MOVED_TOAST_MS,
  });
  return true;
}

/** A workspace the list does not hold (an old one, or gone): null when it is missing or trashed. */
export async function findWorkspace(wid: string): Promise<WorkspaceSummary | null> {
  try {
    return await apiRequest(`/api/project/${encodeURIComponent(wid)}?page=1`, workspaceSummarySchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A workspace the user no longer belongs to leaves the list. */
export function forgetWorkspace(id: string): void {
  workspacesStore.setState((state) => ({ list: state.list.filter((workspace) => workspace.id !== id) }));
}

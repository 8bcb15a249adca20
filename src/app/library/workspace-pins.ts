// The songs pinned in the workspace the library shows: loaded from GET
// /api/project/{id}/pinned-clips, pinned and unpinned optimistically and put back when the call
// fails ('Pinned clip to workspace' / 'Unpinned clip from workspace').

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";
import {
  pinnedClipsResponseSchema,
  updateWorkspaceClipsResponseSchema,
} from "../../shared/api/workspaces.ts";
import { apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";

export interface WorkspacePinsState {
  /** The workspace whose pins these are; null when the library shows no one workspace. */
  readonly workspaceId: string | null;
  /** Last pinned first. */
  readonly pinned: readonly Clip[];
}

export const workspacePins = createStore<WorkspacePinsState>(() => ({ workspaceId: null, pinned: [] }));
export const useWorkspacePins = <T>(select: (state: WorkspacePinsState) => T): T =>
  useStore(workspacePins, select);

const TOAST_MS = 3000;

/** Loads a workspace's pins (null: none shown). An answer for a workspace no longer shown is dropped. */
export async function showWorkspacePins(workspaceId: string | null): Promise<void> {
  workspacePins.setState({ workspaceId, pinned: [] });
  if (workspaceId === null) return;
  try {
    const answer = await apiRequest(
      `/api/project/${encodeURIComponent(workspaceId)}/pinned-clips`,
      pinnedClipsResponseSchema,
    );
    if (workspacePins.getState().workspaceId !== workspaceId) return;
    workspacePins.setState({ pinned: answer.pinned_clips.map((entry) => entry.clip) });
  } catch (error) {
    // Failures loading a workspace's clips are only logged.
    console.warn("The workspace's pinned songs could not be loaded", error);
  }
}

/** Whether every one of these songs is pinned in the shown workspace. */
export const allPinned = (pinned: readonly Clip[], clips: readonly Clip[]): boolean =>
  clips.length > 0 && clips.every((clip) => pinned.some((shown) => shown.id === clip.id));

/** Pins the songs (first in the pinned list) or unpins them, at once; put back if the call fails. */
export async function setPinnedInWorkspace(
  workspaceId: string,
  clips: readonly Clip[],
  pinned: boolean,
): Promise<void> {
  const before = workspacePins.getState();
  if (before.workspaceId !== workspaceId || clips.length === 0) return;
  const ids = new Set(clips.map((clip) => clip.id));
  const rest = before.pinned.filter((clip) => !ids.has(clip.id));
  workspacePins.setState({ pinned: pinned ? [...clips, ...rest] : rest });
  try {
    await apiRequest(
      `/api/project/${encodeURIComponent(workspaceId)}/clips`,
      updateWorkspaceClipsResponseSchema,
      {
        body: { update_type: "pinned", metadata: { clip_ids: [...ids], pinned } },
      },
    );
    showToast({
      kind: "info",
      title: i18n.t(pinned ? "workspaces.pinned" : "workspaces.unpinned"),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    if (workspacePins.getState().workspaceId === workspaceId)
      workspacePins.setState({ pinned: before.pinned });
    showToast({
      kind: "error",
      title: i18n.t("unknownError"),
      description: error instanceof Error ? error.message : undefined,
      durationMs: 5000,
    });
  }
}

/** Songs that left the workspace (moved or removed) leave its pins too, as on the server. */
export function forgetPins(clips: readonly Clip[]): void {
  const { workspaceId, pinned } = workspacePins.getState();
  const gone = new Set(clips.filter((clip) => clip.project?.id !== workspaceId).map((clip) => clip.id));
  if (pinned.some((clip) => gone.has(clip.id)))
    workspacePins.setState({ pinned: pinned.filter((clip) => !gone.has(clip.id)) });
}

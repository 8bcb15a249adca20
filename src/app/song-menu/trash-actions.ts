// Move to Trash, Restore and Delete Permanently, for one clip or a selection. The clips leave or
// enter the library and the create page's list at once; a trash or a restore offers Undo for 4 s.

import { type Clip, deleteClipsResponseSchema, trashResponseSchema } from "../../shared/api/clips.ts";
import {
  DELETE_FAILED_HINT,
  DELETE_FAILED_MESSAGE,
  trashMessage,
  UNDO_TOAST_MS,
  UNDONE_MESSAGE,
} from "../../shared/library/trash-rules.ts";
import { apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { clipsStore, removeClips, upsertClips } from "../shell/clips-store.ts";
import { showToast } from "../shell/toast-store.ts";

/** Clips a trash took out of the create page's list, to put back there on Undo or a restore. */
const leftCreateList = new Set<string>();

/** Puts the clips in or out of the trash on the server, then everywhere they show. */
async function setTrashed(clips: readonly Clip[], trash: boolean): Promise<readonly Clip[]> {
  await apiRequest("/api/gen/trash", trashResponseSchema, {
    body: { trash, clip_ids: clips.map((clip) => clip.id) },
  });
  const changed = clips.map((clip) => ({ ...clip, is_trashed: trash }));
  if (trash) {
    const shown = clipsStore.getState().byId;
    for (const clip of changed) if (shown[clip.id]) leftCreateList.add(clip.id);
    removeClips(changed.map((clip) => clip.id));
  } else {
    // Back in the create page's list only where it was: other workspaces' clips are not shown there.
    upsertClips(changed.filter((clip) => leftCreateList.delete(clip.id)));
  }
  publishClipChanges(changed);
  return changed;
}

function failed(error: unknown): void {
  showToast({
    kind: "error",
    title: i18n.t("songMenu:trash.failed"),
    description: error instanceof Error ? error.message : String(error),
    durationMs: 5000,
  });
}

/** Move to Trash (trash true) or Restore (false), with the spec's toast and its Undo. */
export async function trashSongs(clips: readonly Clip[], trash: boolean): Promise<void> {
  if (clips.length === 0) return;
  let changed: readonly Clip[];
  try {
    changed = await setTrashed(clips, trash);
  } catch (error) {
    failed(error);
    return;
  }
  showToast({
    kind: "success",
    title: trashMessage(changed, trash),
    durationMs: UNDO_TOAST_MS,
    action: {
      label: i18n.t("songMenu:trash.undo"),
      run: () => {
        setTrashed(changed, !trash)
          .then(() => showToast({ kind: "info", title: UNDONE_MESSAGE, durationMs: 3000 }))
          .catch(failed);
      },
    },
  });
}

/** Delete Permanently: only trashed, finished clips of one's own (the page checks before offering it). */
export async function deleteSongsForever(clips: readonly Clip[]): Promise<boolean> {
  if (clips.length === 0) return false;
  try {
    await apiRequest("/api/clips/delete/", deleteClipsResponseSchema, {
      body: { ids: clips.map((clip) => clip.id) },
    });
  } catch (error) {
    console.warn("Deleting songs failed", error);
    showToast({
      kind: "error",
      title: DELETE_FAILED_MESSAGE,
      description: DELETE_FAILED_HINT,
      durationMs: 6000,
    });
    return false;
  }
  publishClipChanges(clips, { deleted: true });
  return true;
}

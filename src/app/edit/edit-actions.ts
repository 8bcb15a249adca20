// The editor's server edits: crop, fade-out and speed each start a job that makes a new clip, polled
// every 4 s at most 10 times. A complete one loads in the editor and joins the library and the
// workspace; a failed one, or one still running after the last try, shows 'An error occurred.
// Please try again.' for 4 s. Either way its pending item goes from the edit session.

import type { Clip } from "../../shared/api/clips.ts";
import {
  EDIT_ACTION_ERROR,
  EDIT_ACTION_ERROR_TOAST_MS,
  EDIT_POLL_INTERVAL_MS,
  EDIT_POLL_TRIES,
  type EditCropBody,
  type EditFadeBody,
  type EditSpeedBody,
  editActionResponseSchema,
  editActionStatusSchema,
} from "../../shared/api/edit.ts";
import { type PendingClip, withoutPending, withPending } from "../../studio/edit/edit-session.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { pause, pollFor } from "../clip-actions/poll.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { addClipsToWorkspace } from "../shell/workspaces-store.ts";
import { updateEditSession } from "./edit-session-store.ts";

export type EditRequest =
  | { readonly kind: "crop"; readonly body: EditCropBody }
  | { readonly kind: "fade"; readonly body: EditFadeBody }
  | { readonly kind: "speed"; readonly body: EditSpeedBody };

const PENDING_TYPES = { crop: "edit_crop", fade: "edit_fade", speed: "edit_speed" } as const;

const startEdit = (clipId: string, request: EditRequest) =>
  apiRequest(`/api/edit/${request.kind}/${encodeURIComponent(clipId)}/`, editActionResponseSchema, {
    method: "POST",
    body: request.body,
  });

/**
 * The action's clip once complete; null when it failed, is refused (a 4xx: unknown, or not this
 * user's), or the tries ran out. A network hiccup counts as a try and polling goes on.
 */
export async function awaitEditAction(
  actionClipId: string,
  wait: (ms: number) => Promise<void> = pause,
): Promise<Clip | null> {
  const answer = await pollFor(
    async () => {
      try {
        const action = await apiRequest(
          `/api/edit/action/${encodeURIComponent(actionClipId)}/`,
          editActionStatusSchema,
        );
        if (action.status === "complete") return { clip: action.clip };
        return action.status === "error" ? { clip: null } : null;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { clip: null };
        console.warn("Polling an edit action failed; trying again", error);
        return null;
      }
    },
    { intervalMs: EDIT_POLL_INTERVAL_MS, tries: EDIT_POLL_TRIES },
    wait,
  );
  return answer?.clip ?? null;
}

/** 'An error occurred. Please try again.' for 4 s, with the server's reason when it gave one. */
export function showEditError(what: string, error: unknown = null): void {
  console.warn(what, error);
  const description = error instanceof ApiError ? error.detail : undefined;
  showToast({ kind: "error", title: EDIT_ACTION_ERROR, description, durationMs: EDIT_ACTION_ERROR_TOAST_MS });
}

export interface EditOutcome {
  /** The new clip joined the library (and the workspace): the editor opens it. */
  readonly onComplete: (clip: Clip) => void;
  /** The workspace the editor was opened for (null or 'default': none to add to). */
  readonly wid: string | null;
}

/** Follows one pending edit to its end (also for edits restored with the session after a reload). */
export async function followEdit(item: PendingClip, outcome: EditOutcome): Promise<void> {
  const clip = await awaitEditAction(item.actionClipId);
  updateEditSession((session) => withoutPending(session, item.actionClipId));
  if (clip === null) {
    showEditError("The edit failed or is still not done");
    return;
  }
  upsertClips([clip], { prepend: true });
  await addClipsToWorkspace(outcome.wid, [clip.id]).catch((error: unknown) =>
    console.warn("The edited song could not join the workspace", error),
  );
  outcome.onComplete(clip);
}

/** Starts an edit on the server, keeps it pending in the session, and follows it. */
export async function runEdit(clipId: string, request: EditRequest, outcome: EditOutcome): Promise<void> {
  let item: PendingClip;
  try {
    const { action_clip_id } = await startEdit(clipId, request);
    item = { type: PENDING_TYPES[request.kind], actionClipId: action_clip_id };
  } catch (error) {
    showEditError("The edit was refused", error);
    return;
  }
  updateEditSession((session) => withPending(session, item));
  await followEdit(item, outcome);
}

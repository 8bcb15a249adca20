// Remaster: the modal's choices become POST /api/generate/upsample; the new clip joins the list.
// A refusal says why in the spec's words: a plan without Remaster, a title over 80 characters,
// otherwise that the remaster failed.

import type { Clip } from "../../shared/api/clips.ts";
import {
  REMASTER_FAILED,
  REMASTER_NOT_ALLOWED,
  REMASTER_TITLE_TOO_LONG,
  upsampleResponseSchema,
} from "../../shared/api/generate.ts";
import { type RemasterChoice, remasterPayload } from "../../shared/clip-actions/remaster-payload.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";
import { closeClipActionModal, openClipActionModal } from "./action-modal-store.ts";
import { showNewClips } from "./new-clips.ts";

const REMASTERING_MS = 10_000;
const ERROR_MS = 5000;

export const openRemaster = (clip: Clip) => openClipActionModal({ kind: "remaster", clip });

/** What a refused remaster tells the user. */
export function remasterErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.detail === REMASTER_NOT_ALLOWED) {
    return REMASTER_NOT_ALLOWED;
  }
  if (error instanceof ApiError && error.status === 422) return REMASTER_TITLE_TOO_LONG;
  return REMASTER_FAILED;
}

/** Sends the remaster; answers whether it started (the modal stays open on a refusal). */
export async function submitRemaster(choice: RemasterChoice): Promise<boolean> {
  try {
    const answer = await apiRequest("/api/generate/upsample", upsampleResponseSchema, {
      method: "POST",
      body: remasterPayload(choice),
    });
    showNewClips(answer.clips);
    showToast({
      kind: "info",
      title: i18n.t("songMenu:actions.remasteringClip"),
      durationMs: REMASTERING_MS,
    });
    closeClipActionModal();
    return true;
  } catch (error) {
    console.warn("The remaster was refused", error);
    showToast({ kind: "error", title: remasterErrorText(error), durationMs: ERROR_MS });
    return false;
  }
}

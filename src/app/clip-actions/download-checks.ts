// Before a song downloads: the quota (the download-quota modal when none is left) and what comes
// with the file (the download-file modal for a song without commercial rights, with the downloads
// left this month). Afterwards the download is counted on the clip.

import { actionCountResponseSchema } from "../../shared/api/clip-actions.ts";
import { downloadUsageSchema } from "../../shared/api/clip-media.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { commercialRightsResponseSchema } from "../../shared/api/create-support.ts";
import { downloadDecision, downloadNotices } from "../../shared/clip-actions/download-rules.ts";
import { apiRequest } from "../account/api-request.ts";
import { type DownloadFormat, openClipActionModal } from "./action-modal-store.ts";

const id = (clip: Clip) => encodeURIComponent(clip.id);

/** Resolves true when the download may go ahead (after the user confirmed, where a modal asked). */
export async function mayDownload(clip: Clip, format: DownloadFormat): Promise<boolean> {
  // A failed check lets the download through: the server counts it either way.
  const usage = await apiRequest(
    `/api/billing/download-usage?clip_id=${id(clip)}`,
    downloadUsageSchema,
  ).catch(() => null);
  const decision = downloadDecision(usage);
  if (!decision.allowed) {
    openClipActionModal({ kind: "downloadQuota", clip, limit: decision.limit });
    return false;
  }
  const rights = await apiRequest(
    `/api/clips/${id(clip)}/commercial_rights_eligible/`,
    commercialRightsResponseSchema,
  )
    .then((answer) => answer.reason)
    .catch(() => null);
  const notices = downloadNotices({ rights, remaining: decision.remaining });
  if (notices.length === 0) return true;
  return new Promise((resolve) =>
    openClipActionModal({
      kind: "downloadFile",
      clip,
      format,
      notices,
      upgrade: rights === "free_plan",
      choose: resolve,
    }),
  );
}

/** Counts the download on the clip; a failure to count never stops the download. */
export function countDownload(
  clip: Clip,
  action: "download_audio" | "download_wav" | "download_opus" | "download_sample_pack",
) {
  apiRequest(`/api/gen/${id(clip)}/increment_action_count/`, actionCountResponseSchema, {
    method: "POST",
    body: { action },
  }).catch((error: unknown) => console.warn("The download was not counted", error));
}

// The song menu's Regenerate Video: asks the server to render the song's video, polls its status
// every 4 s (60 times at most), then hands the new video to the lists (the clip's video_url) and
// to the browser as a download.

import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import {
  songVideoSchema,
  VIDEO_GENERATION_ERROR,
  VIDEO_GENERATION_TIMED_OUT,
  VIDEO_STATUS_MAX_POLLS,
  VIDEO_STATUS_POLL_MS,
} from "../../shared/api/video.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { dismissToast, showToast } from "../shell/toast-store.ts";
import { saveFrom } from "./clip-downloads.ts";
import { pollFor } from "./poll.ts";

const ERROR_MS = 5000;

export async function regenerateVideo(clip: Clip): Promise<void> {
  const id = encodeURIComponent(clip.id);
  const progress = showToast({
    kind: "info",
    title: i18n.t("songMenu:actions.generatingVideo"),
    durationMs: null,
  });
  try {
    await apiRequest(`/api/video/generate/${id}/`, songVideoSchema, { method: "POST" });
    const done = await pollFor(
      async () => {
        const video = await apiRequest(`/api/video/generate/${id}/status/`, songVideoSchema);
        if (video.status === "error") throw new Error(video.error_message ?? VIDEO_GENERATION_ERROR);
        return video.status === "complete" && video.video_url !== null ? video.video_url : null;
      },
      { intervalMs: VIDEO_STATUS_POLL_MS, tries: VIDEO_STATUS_MAX_POLLS },
    );
    if (done === null) {
      showToast({ kind: "error", title: VIDEO_GENERATION_TIMED_OUT, durationMs: ERROR_MS });
      return;
    }
    publishClipChanges([await apiRequest(`/api/clip/${id}`, clipSchema)]);
    saveFrom(done);
  } catch (error) {
    console.warn(VIDEO_GENERATION_ERROR, error);
    const description = error instanceof ApiError ? error.detail : undefined;
    showToast({ kind: "error", title: VIDEO_GENERATION_ERROR, description, durationMs: ERROR_MS });
  } finally {
    dismissToast(progress);
  }
}

// The legacy editor's calls: start a crop or a fade-out, then poll its action every 4 s, at most
// 10 times, for the new song.
import type { Clip } from "../../shared/api/clips.ts";
import {
  EDIT_POLL_INTERVAL_MS,
  EDIT_POLL_TRIES,
  editActionResponseSchema,
  editActionStatusSchema,
} from "../../shared/api/edit.ts";
import { apiRequest } from "../account/api-request.ts";
import { pollFor } from "../clip-actions/poll.ts";

/** Starts an edit action on the song and waits for its new song; null when it failed or never finished. */
export async function runLegacyEdit(
  kind: "crop" | "fade",
  clipId: string,
  body: Record<string, unknown>,
): Promise<Clip | null> {
  const started = await apiRequest(
    `/api/edit/${kind}/${encodeURIComponent(clipId)}/`,
    editActionResponseSchema,
    {
      body,
    },
  );
  let failed = false;
  const clip = await pollFor(
    async () => {
      if (failed) return null;
      const action = await apiRequest(`/api/edit/action/${started.action_clip_id}/`, editActionStatusSchema);
      failed = action.status === "error";
      return action.clip;
    },
    { intervalMs: EDIT_POLL_INTERVAL_MS, tries: EDIT_POLL_TRIES },
  );
  return failed ? null : clip;
}

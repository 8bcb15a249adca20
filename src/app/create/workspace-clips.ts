// The clips beside the form: the workspace's latest songs of the signed-in user, and polling by id
// for the ones still being made (the realtime channel's fallback after a lost connection).

import {
  type Clip,
  DEFAULT_WORKSPACE_ID,
  feedV2ResponseSchema,
  feedV3ResponseSchema,
} from "../../shared/api/clips.ts";
import { apiRequest } from "../account/api-request.ts";
import { resetClips, upsertClips } from "./clips-store.ts";

const SHOWN = 30;

export async function loadWorkspaceClips(userId: string, wid: string | null): Promise<void> {
  const page = await apiRequest("/api/feed/v3", feedV3ResponseSchema, {
    body: {
      limit: SHOWN,
      filters: {
        user: { presence: "True", userId },
        workspace: { presence: "True", workspaceId: wid ?? DEFAULT_WORKSPACE_ID },
      },
    },
  });
  resetClips(page.clips);
}

/** GET /api/feed/v2?ids=: the current state of these clips. */
export async function pollClips(ids: readonly string[], options: { prepend?: boolean } = {}): Promise<void> {
  if (ids.length === 0) return;
  const answer = await apiRequest(
    `/api/feed/v2?ids=${ids.map(encodeURIComponent).join(",")}`,
    feedV2ResponseSchema,
  );
  upsertClips(answer.clips, options);
}

/** One clip by id, or null when it is missing or could not be loaded (the reason is logged). */
export async function fetchClip(id: string): Promise<Clip | null> {
  try {
    const answer = await apiRequest(`/api/feed/v2?ids=${encodeURIComponent(id)}`, feedV2ResponseSchema);
    return answer.clips[0] ?? null;
  } catch (error) {
    console.warn(`The song ${id} could not be loaded`, error);
    return null;
  }
}

// The clips beside the form: the workspace's latest songs of the signed-in user (every member's in a
// shared workspace), and polling by id for the ones still being made (the realtime channel's
// fallback after a lost connection); and the user's own finished songs searched, for the library
// tab and the persona modal.

import {
  type Clip,
  DEFAULT_WORKSPACE_ID,
  feedV2ResponseSchema,
  feedV3ResponseSchema,
} from "../../shared/api/clips.ts";
import { workspaceResponseSchema } from "../../shared/api/workspaces.ts";
import { apiRequest } from "../account/api-request.ts";
import { resetClips, syncClips, upsertClips } from "../shell/clips-store.ts";
import { workspacesStore } from "../shell/workspaces-store.ts";

const SHOWN = 30;

/**
 * Loads the workspace's songs into the list. A load aborted by `signal` (the workspace changed while
 * it was in flight) never replaces the list, so the last workspace chosen is the one shown.
 */
export async function loadWorkspaceClips(
  userId: string,
  wid: string | null,
  signal?: AbortSignal,
): Promise<void> {
  // A shared workspace holds every member's songs: the feed (one's own songs) would miss the others'.
  const shared = wid !== null && workspacesStore.getState().list.some((w) => w.id === wid && w.shared);
  if (shared) {
    const { clips } = await sharedWorkspaceClips(wid, signal);
    if (!signal?.aborted) resetClips(clips);
    return;
  }
  const page = await apiRequest("/api/feed/v3", feedV3ResponseSchema, {
    signal,
    body: {
      limit: SHOWN,
      filters: {
        user: { presence: "True", userId },
        workspace: { presence: "True", workspaceId: wid ?? DEFAULT_WORKSPACE_ID },
      },
    },
  });
  if (signal?.aborted) return;
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

/** A page of the user's own finished songs matching a search. */
export interface OwnSongsPage {
  readonly clips: readonly Clip[];
  readonly nextCursor: string | null;
}

/**
 * POST /api/feed/v3 for the user's own songs, searched by `term` (trimmed; empty: all of them), from
 * `cursor` (null: the first page); only the finished ones are kept.
 */
export async function searchOwnSongs(
  userId: string,
  term: string,
  page: { readonly limit: number; readonly cursor: string | null },
): Promise<OwnSongsPage> {
  const searchText = term.trim();
  const answer = await apiRequest("/api/feed/v3", feedV3ResponseSchema, {
    body: {
      cursor: page.cursor,
      limit: page.limit,
      filters: {
        user: { presence: "True", userId },
        ...(searchText === "" ? {} : { searchText }),
      },
    },
  });
  return { clips: answer.clips.filter((clip) => clip.status === "complete"), nextCursor: answer.next_cursor };
}

/** Pages of a shared workspace read for its list (20 clips a page). */
const SHARED_PAGES = 2;

/**
 * A shared workspace's newest clips, every member's (GET /api/project/{id}), and whether that is
 * all of them.
 */
async function sharedWorkspaceClips(wid: string, signal?: AbortSignal) {
  const clips: Clip[] = [];
  for (let page = 1; page <= SHARED_PAGES; page++) {
    const answer = await apiRequest(
      `/api/project/${encodeURIComponent(wid)}?page=${page}`,
      workspaceResponseSchema,
      { signal },
    );
    clips.push(...answer.project_clips.map((entry) => entry.clip));
    if (!answer.has_more) return { clips, complete: true };
  }
  return { clips, complete: false };
}

/** Reloads a shared workspace's list in place: others' new songs appear, removed ones leave. */
export async function reloadSharedClips(wid: string): Promise<void> {
  const { clips, complete } = await sharedWorkspaceClips(wid);
  syncClips(clips, complete);
}

// The hook pages' calls: the feed, one hook, likes and comments, and creating a hook then polling
// it every 2 s until it is posted, refused or failed.

import { type Clip, clipSchema, feedV3ResponseSchema } from "../../shared/api/clips.ts";
import {
  type HookComment,
  type HookCommentPage,
  type HookFeed,
  type HookLike,
  hookCommentPageSchema,
  hookCommentSchema,
  hookFeedSchema,
  hookLikeSchema,
} from "../../shared/api/hook-social.ts";
import {
  type CreateHookBody,
  createHookResponseSchema,
  HOOK_POLL_MS,
  type Hook,
  hookSchema,
} from "../../shared/api/hooks.ts";
import { apiRequest } from "../account/api-request.ts";
import { pollFor } from "../clip-actions/poll.ts";

const hookPath = (hookId: string) => `/api/video/hooks/${encodeURIComponent(hookId)}`;
const cursorQuery = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");

export const fetchHookFeed = (cursor: string | null, signal?: AbortSignal): Promise<HookFeed> =>
  apiRequest(`/api/video/hooks/feed${cursorQuery(cursor)}`, hookFeedSchema, { signal });

export const fetchHook = (hookId: string, signal?: AbortSignal): Promise<Hook> =>
  apiRequest(hookPath(hookId), hookSchema, { signal });

export const sendHookLike = (hookId: string, liked: boolean): Promise<HookLike> =>
  apiRequest(`${hookPath(hookId)}/like`, hookLikeSchema, { body: { liked } });

export const fetchHookComments = (
  hookId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<HookCommentPage> =>
  apiRequest(`${hookPath(hookId)}/comments${cursorQuery(cursor)}`, hookCommentPageSchema, { signal });

export const sendHookComment = (hookId: string, content: string): Promise<HookComment> =>
  apiRequest(`${hookPath(hookId)}/comments`, hookCommentSchema, { body: { content } });

export const fetchSong = (clipId: string, signal?: AbortSignal): Promise<Clip> =>
  apiRequest(`/api/clip/${encodeURIComponent(clipId)}`, clipSchema, { signal });

/** The songs a hook may be made of: the person's own finished songs, newest first. */
export async function fetchOwnSongs(signal?: AbortSignal): Promise<readonly Clip[]> {
  const page = await apiRequest("/api/feed/v3", feedV3ResponseSchema, { signal, body: { limit: 50 } });
  return page.clips.filter((clip) => clip.status === "complete" && clip.audio_url !== null);
}

export const createHook = (body: CreateHookBody): Promise<{ id: string }> =>
  apiRequest("/api/video/hooks/create", createHookResponseSchema, { body });

/** Polls a hook every 2 s until it leaves rendering; null when it is still rendering after `tries`. */
export const settledHook = (hookId: string, tries: number): Promise<Hook | null> =>
  pollFor(
    async () => {
      const hook = await fetchHook(hookId);
      return hook.status === "rendering" ? null : hook;
    },
    { intervalMs: HOOK_POLL_MS, tries },
  );

// The profile page's calls: the person, their lists, follows, and editing one's own profile and avatar.

import { z } from "zod";
import { avatarUploadResponseSchema, type SquareCrop } from "../../shared/api/avatar-crop.ts";
import { clipSchema } from "../../shared/api/clips.ts";
import { pageInfoSchema } from "../../shared/api/paged.ts";
import { personaListResponseSchema } from "../../shared/api/personas.ts";
import {
  type EditProfileBody,
  followResponseSchema,
  profileListResponseSchema,
  profilePlaylistsResponseSchema,
  profileSchema,
  remixCountSchema,
} from "../../shared/api/profiles.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";

const at = (handle: string) => `/api/profiles/${encodeURIComponent(handle)}`;
const clipPageSchema = pageInfoSchema.extend({ clips: z.array(clipSchema) });

export const fetchProfile = (handle: string, signal?: AbortSignal) =>
  apiRequest(at(handle), profileSchema, { signal });

export const fetchProfileClips = (handle: string, page: number, signal?: AbortSignal) =>
  apiRequest(`${at(handle)}/clips?page=${page}`, clipPageSchema, { signal });

export const fetchTopClips = (handle: string, signal?: AbortSignal) =>
  apiRequest(
    `/api/profiles/top_clips?handle=${encodeURIComponent(handle)}`,
    z.object({ clips: z.array(clipSchema) }),
    { signal },
  );

export const fetchProfilePlaylists = (handle: string, signal?: AbortSignal) =>
  apiRequest(`${at(handle)}/playlists`, profilePlaylistsResponseSchema, { signal });

export const fetchProfilePersonas = (handle: string, signal?: AbortSignal) =>
  apiRequest(`${at(handle)}/personas`, personaListResponseSchema, { signal });

export const fetchRemixesInspired = (handle: string, page: number, signal?: AbortSignal) =>
  apiRequest(`${at(handle)}/remixes-inspired/?page=${page}`, clipPageSchema, { signal });

export const fetchRemixesInspiredCount = (handle: string, signal?: AbortSignal) =>
  apiRequest(`${at(handle)}/remixes-inspired-count/`, remixCountSchema, { signal });

export const fetchFollowList = (handle: string, list: "followers" | "following", page: number) =>
  apiRequest(
    `/api/profiles/${list}?handle=${encodeURIComponent(handle)}&page=${page}`,
    profileListResponseSchema,
  );

export const follow = (handle: string, unfollow: boolean) =>
  apiRequest("/api/profiles/follow", followResponseSchema, { body: { handle, unfollow } });

export const editProfile = (body: EditProfileBody) =>
  apiRequest("/api/profiles/me", profileSchema, { method: "PUT", body });

/**
 * Sends the picture with the square framed in it; the server decodes it, keeps that square as the
 * caller's avatar and answers where it is served.
 */
export async function uploadAvatar(file: File, crop: SquareCrop): Promise<string> {
  const query = new URLSearchParams({ x: String(crop.x), y: String(crop.y), size: String(crop.size) });
  const response = await fetch(`/api/profiles/avatar/?${query}`, {
    method: "POST",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
    credentials: "same-origin",
  });
  const text = await response.text();
  if (!response.ok) {
    let detail = i18n.t("profile:edit.serverAnswered", { status: response.status });
    try {
      detail = (JSON.parse(text) as { detail?: string }).detail ?? detail;
    } catch {
      // Not JSON: the status line says it.
    }
    throw new ApiError(response.status, detail, text);
  }
  return avatarUploadResponseSchema.parse(JSON.parse(text)).avatar_image_url;
}

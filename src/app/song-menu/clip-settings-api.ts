// The song menu's calls to the server. Each answers the changed song (or what the call gives);
// callers tell the lists through publishClipChanges.

import {
  allRemixPermissionsResponseSchema,
  type FlagReason,
  flagResponseSchema,
  pinClipResponseSchema,
  pinnedClipsResponseSchema,
  type RemixPermission,
  songFeedbackResponseSchema,
} from "../../shared/api/clip-settings.ts";
import {
  type Clip,
  clipSchema,
  feedbackResponseSchema,
  type ReactionType,
  reactionResponseSchema,
  type SetMetadataBody,
  setMetadataResponseSchema,
} from "../../shared/api/clips.ts";
import { playlistSummarySchema } from "../../shared/api/playlists.ts";
import { apiRequest } from "../account/api-request.ts";

const gen = (clipId: string, rest: string) => `/api/gen/${encodeURIComponent(clipId)}/${rest}`;
const clips = (clipId: string, rest: string) => `/api/clips/${encodeURIComponent(clipId)}/${rest}`;

export const setVisibility = (clipId: string, isPublic: boolean): Promise<Clip> =>
  apiRequest(gen(clipId, "set_visibility/"), clipSchema, { body: { is_public: isPublic } });

export const setMetadata = (clipId: string, body: SetMetadataBody) =>
  apiRequest(gen(clipId, "set_metadata/"), setMetadataResponseSchema, { body });

export const toggleComments = (clipId: string, canComment: boolean): Promise<Clip> =>
  apiRequest(gen(clipId, "toggle_comments/"), clipSchema, { body: { can_comment: canComment } });

export const toggleRemixes = (clipId: string, canRemix: boolean): Promise<Clip> =>
  apiRequest(clips(clipId, "toggle_remixes/"), clipSchema, { body: { can_remix: canRemix } });

export const toggleShowRemixes = (clipId: string, show: boolean): Promise<Clip> =>
  apiRequest(clips(clipId, "toggle_show_remixes"), clipSchema, { body: { show_remix: show } });

export const setRemixType = (clipId: string, remix: RemixPermission): Promise<Clip> =>
  apiRequest(clips(clipId, "set_remix_type"), clipSchema, { body: { remix } });

/** A preview becomes the full song. */
export const unlockPreview = (clipId: string): Promise<Clip> =>
  apiRequest(gen(clipId, "unlock-preview"), clipSchema, { method: "POST" });

/** The song's lyrics, its prompt. */
export const setClipPrompt = (clipId: string, prompt: string): Promise<Clip> =>
  apiRequest(gen(clipId, "set_clip_prompt/"), clipSchema, { body: { prompt } });

/** The styles shown with the song (its generation tags stay as they were). */
export const setDisplayTags = (clipId: string, displayTags: string): Promise<Clip> =>
  apiRequest(gen(clipId, "set_display_tags"), clipSchema, { body: { display_tags: displayTags } });

/** The song's configurations, replaced whole (callers send the keys they keep). */
export const setConfigurations = (clipId: string, configurations: Record<string, unknown>): Promise<Clip> =>
  apiRequest(gen(clipId, "set_configurations/"), clipSchema, { body: { configurations } });

export const setAllRemixPermissions = (canRemix: boolean) =>
  apiRequest(
    `/api/clips/set_all_remix_permissions/?can_remix=${canRemix}`,
    allRemixPermissionsResponseSchema,
    {
      method: "POST",
    },
  );

export const setReaction = (clipId: string, reaction: ReactionType | null) =>
  apiRequest(gen(clipId, "update_reaction_type/"), reactionResponseSchema, { body: { reaction } });

export const flagClip = (clipId: string, reason: FlagReason, details: string) =>
  apiRequest(gen(clipId, "update_flag_state/"), flagResponseSchema, {
    body: { flagged: true, flagged_reason: reason, flagged_reason_details: details },
  });

/** The viewer's reasons about the song, kept on their reaction (a dislike's when they had none). */
export const giveFeedback = (clipId: string, feedbackReason: string) =>
  apiRequest(gen(clipId, "update_feedback_state/"), feedbackResponseSchema, {
    body: { feedback_reason: feedbackReason },
  });

export const setNotInterested = (clipId: string, notInterested: boolean) =>
  apiRequest(`/api/recommend/feedback/song/${encodeURIComponent(clipId)}`, songFeedbackResponseSchema, {
    method: notInterested ? "POST" : "DELETE",
    body: { feedback_type: "not_interested" },
  });

export const pinClip = (clipId: string, maxPins: number) =>
  apiRequest(`/api/profiles/pin-clip/${encodeURIComponent(clipId)}`, pinClipResponseSchema, {
    body: { max_pins: maxPins },
  });

export const removeFromPlaylist = (playlistId: string, clipIds: readonly string[]) =>
  apiRequest("/api/playlist/update_clips/", playlistSummarySchema, {
    body: { playlist_id: playlistId, update_type: "remove_by_id", metadata: { clip_ids: clipIds } },
  });

export const pinnedClips = () => apiRequest("/api/profiles/pinned-clips", pinnedClipsResponseSchema);

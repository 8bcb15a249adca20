// The song page's calls: the clip itself (a 404 for a missing, private or trashed song of someone
// else, which the page shows as not found) and the viewer's like.

import { type Clip, clipSchema, reactionResponseSchema } from "../../shared/api/clips.ts";
import { apiRequest } from "../account/api-request.ts";

export const fetchSong = (clipId: string, signal?: AbortSignal): Promise<Clip> =>
  apiRequest(`/api/clip/${encodeURIComponent(clipId)}`, clipSchema, { signal });

/** Likes the song, or takes the like back; the server answers the reaction and the new like count. */
export const setLiked = (clipId: string, liked: boolean) =>
  apiRequest(`/api/gen/${encodeURIComponent(clipId)}/update_reaction_type/`, reactionResponseSchema, {
    body: { reaction: liked ? "L" : null },
  });

// The song page's calls: the clip itself (a 404 for a missing, private or trashed song of someone
// else, which the page shows as not found).

import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import { apiRequest } from "../account/api-request.ts";

export const fetchSong = (clipId: string, signal?: AbortSignal): Promise<Clip> =>
  apiRequest(`/api/clip/${encodeURIComponent(clipId)}`, clipSchema, { signal });

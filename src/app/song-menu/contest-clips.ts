// Whether a song is in a contest, asked once per song per page load: every menu of the song shares
// the answer. A failed question leaves the song as its list has it (null), and is not asked again.

import { isContestClipResponseSchema } from "../../shared/api/contests.ts";
import { apiRequest } from "../account/api-request.ts";

const answers = new Map<string, Promise<boolean | null>>();

export function askContestClip(clipId: string): Promise<boolean | null> {
  const known = answers.get(clipId);
  if (known !== undefined) return known;
  const answer = apiRequest(
    `/api/contests/is_contest_clip/${encodeURIComponent(clipId)}/`,
    isContestClipResponseSchema,
  ).then(
    (body) => body.is_contest_clip,
    (error: unknown) => {
      console.warn("Could not ask whether the song is in a contest", error);
      return null;
    },
  );
  answers.set(clipId, answer);
  return answer;
}

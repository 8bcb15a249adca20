// A list's copy of a song may be older than its contest state: the song menu asks the server
// whether the song is in a contest now (is_contest_clip, an entry or a song to remix) and reads
// the song through that answer.

import type { MenuClip } from "./menu-context.ts";

type ContestFacts = Pick<MenuClip, "is_contest_clip" | "is_contest_base_clip">;

/**
 * The song as the menu's rules should see it, given the server's answer: out of every contest when
 * it says no; entered in one when it says yes and the copy knew of none; else the copy as it is.
 */
export function withContestAnswer<T extends ContestFacts>(clip: T, inContest: boolean | null): T {
  if (inContest === null) return clip;
  if (!inContest) return { ...clip, is_contest_clip: false, is_contest_base_clip: false };
  return clip.is_contest_clip || clip.is_contest_base_clip ? clip : { ...clip, is_contest_clip: true };
}

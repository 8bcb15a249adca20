// Song radio's rules: an endless queue of songs like a seed song, never repeating one within the
// session. Pure, so the no-repeat rule is tested alone.

import type { Clip } from "../../shared/api/clips.ts";
import { RADIO_EXCLUDE_MAX } from "../../shared/api/radio.ts";
import { styleTags } from "../../shared/library/style-tags.ts";

/** The queue context of a song radio: its seed song's id. */
export const radioContext = (seedId: string) => ({ type: "radio", id: seedId }) as const;

/** The style the radio plays: the seed's first style, or any style when it names none. */
export const radioTag = (seed: Clip): string => styleTags(seed.metadata.tags)[0] ?? "all";

/** What the next call leaves out: the session's most recent songs (older repeats are dropped here). */
export const radioExclusions = (played: readonly string[]): string[] => played.slice(-RADIO_EXCLUDE_MAX);

/** The answer's songs never heard (or queued) in this session, each once, in the answer's order. */
export function freshRadioSongs<C extends { readonly id: string }>(
  played: ReadonlySet<string>,
  found: readonly C[],
): C[] {
  const seen = new Set(played);
  return found.filter((clip) => {
    if (seen.has(clip.id)) return false;
    seen.add(clip.id);
    return true;
  });
}

/** The radio's address for a song. */
export const songRadioPath = (clipId: string): string => `/radio/song/${encodeURIComponent(clipId)}`;

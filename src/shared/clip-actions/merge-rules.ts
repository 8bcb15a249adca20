// Merge Songs: a selection of the owner's finished songs joined into one new song. The songs join
// in the order they were made (oldest first), whatever order they were picked in, so parts made one
// after another come out as one song in their own order.

import type { Clip } from "../api/clips.ts";
import { MERGE_MAX_CLIPS } from "../api/generate.ts";

/** Shown as the disabled entry's reason when more songs are chosen than one merge takes. */
export const MERGE_TOO_MANY = `Merge takes at most ${MERGE_MAX_CLIPS} songs`;

/** The ids to send, oldest song first (ties keep the selection's order). */
export function mergeOrder(clips: readonly Pick<Clip, "id" | "created_at">[]): string[] {
  return clips
    .map((clip, index) => ({ clip, index, time: Date.parse(clip.created_at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ clip }) => clip.id);
}

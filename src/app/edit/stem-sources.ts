// The stems the stem editor places: the song's stem clips, found with the feed's stem lookup (up to
// 64, as the stems context asks), made with Get Stems when the song has none yet.

import type { Clip } from "../../shared/api/clips.ts";
import { feedV3ResponseSchema } from "../../shared/api/clips.ts";
import { type StemSource, stemTypeOf } from "../../studio/edit/stem-tracks.ts";
import { apiRequest } from "../account/api-request.ts";

/** Stems in the stem editor's library panel at most. */
const STEM_LOOKUP_LIMIT = 64;

export async function findStems(clipId: string, signal?: AbortSignal): Promise<readonly Clip[]> {
  const page = await apiRequest("/api/feed/v3", feedV3ResponseSchema, {
    signal,
    body: { limit: STEM_LOOKUP_LIMIT, filters: { stem: { presence: "True", fromClipId: clipId } } },
  });
  return page.clips;
}

/** A stem's label: its stem type's name, else its title. */
export const stemLabel = (stem: Clip): string => stem.metadata.stem_type_group_name ?? stem.title;

/** A clip as the stem editor places it: from the start, its whole length (the song's when unknown). */
export const stemSourceOf = (clip: Clip, songSeconds: number, label = clip.title): StemSource => ({
  clipId: clip.id,
  title: label,
  seconds: clip.metadata.duration ?? songSeconds,
  stemType: stemTypeOf(clip.metadata.stem_type_group_name ?? clip.title),
});

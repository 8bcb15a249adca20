// The song menu entries that lead elsewhere: Describe Clip opens the description page in a new tab;
// Orpheus takes the song to the create page as the reference of a new one.

import type { Clip } from "../../shared/api/clips.ts";
import { PAGE_ROUTES } from "../../shared/page-routes.ts";

export const describeClipPath = (clipId: string) =>
  `${PAGE_ROUTES.describeClip}?clipId=${encodeURIComponent(clipId)}`;

export function describeClip(clip: Clip): void {
  window.open(describeClipPath(clip.id), "_blank", "noopener");
}

/** The create page with the song as the new song's reference (its audio followed, as a cover). */
export const orpheusPath = (clipId: string) =>
  `/create?${new URLSearchParams({ remix_clip: clipId, remix_type: "cover" }).toString()}`;

/** A full load: the create page takes its reference from the address when it opens. */
export function orpheus(clip: Clip): void {
  window.location.assign(orpheusPath(clip.id));
}

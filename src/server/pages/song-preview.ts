// What the server answers for /song/{id}: the app's page, with a 404 status when the requester may
// not see the song (missing, or another's private or trashed song), and with link-preview tags only
// when anyone may see it, so a private song's title never reaches an unfurler or a page's source.

import type { Kysely } from "kysely";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { type PagePreview, withPreview } from "./head-tags.ts";

/** Where the oEmbed answer for a page's address is. */
export const oembedUrlFor = (origin: string, pageUrl: string) =>
  `${origin}/api/oembed?format=json&url=${encodeURIComponent(pageUrl)}`;

export interface PageAnswer {
  readonly status: 200 | 404;
  readonly html: string;
}

export async function songPageAnswer(
  db: Kysely<Database>,
  page: { readonly shell: string; readonly origin: string; readonly viewerId: string | null },
  clipId: string,
): Promise<PageAnswer> {
  const [clip] = await findVisibleClips(db, page.viewerId, [clipId]);
  if (clip === undefined) return { status: 404, html: page.shell };
  if (!clip.is_public || clip.is_trashed) return { status: 200, html: page.shell };
  const absolute = (path: string | null) => (path === null ? null : `${page.origin}${path}`);
  const title = clip.title || "Untitled";
  const tags = typeof clip.metadata.tags === "string" ? clip.metadata.tags.trim() : "";
  const preview: PagePreview = {
    type: "music.song",
    title: `${title} by @${clip.owner_handle}`,
    description: tags === "" ? `Listen on Tunesmith` : `${tags}. Listen on Tunesmith`,
    url: `${page.origin}/song/${clip.id}`,
    imageUrl: absolute(clipMediaUrl(clip.id, "image", clip.image_key)),
    audioUrl: absolute(clipMediaUrl(clip.id, "audio", clip.audio_key)),
    oembedUrl: oembedUrlFor(page.origin, `${page.origin}/song/${clip.id}`),
  };
  return { status: 200, html: withPreview(page.shell, preview) };
}

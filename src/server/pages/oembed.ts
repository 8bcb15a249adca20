// oEmbed (https://oembed.com): what a chat app or site asks for when a song, share or embed link
// is pasted. A public song is a "rich" answer holding the embed player's iframe; anything else
// (unknown, private, not a song) is a 404, so nothing about it is told.

import type { Kysely } from "kysely";
import { EMBED_SIZE, embedCode } from "../../shared/api/share.ts";
import { matchPageRoute } from "../../shared/page-routes.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { resolveShareCode } from "../social/share-links.ts";

export interface OembedAnswer {
  readonly version: "1.0";
  readonly type: "rich";
  readonly provider_name: "Tunesmith";
  readonly provider_url: string;
  readonly title: string;
  readonly author_name: string;
  readonly author_url: string;
  readonly html: string;
  readonly width: number;
  readonly height: number;
  readonly thumbnail_url?: string;
}

export const OEMBED_NOT_FOUND = "No embeddable song at that address";

/** The song a pasted address names: /song/{id}, /embed/{id}, or a /s/{code} that opens a song. */
async function songIdOf(db: Kysely<Database>, origin: string, url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const match = matchPageRoute(parsed.pathname);
  if (match?.name === "song" || match?.name === "embed") return match.params.id;
  if (match?.name === "share") {
    const target = await resolveShareCode(db, match.params.code).catch(() => null);
    return target?.content_type === "clip" ? target.content_id : null;
  }
  return null;
}

export async function oembedAnswer(
  db: Kysely<Database>,
  origin: string,
  url: string,
  max: { readonly width?: number; readonly height?: number },
): Promise<OembedAnswer> {
  const clipId = await songIdOf(db, origin, url);
  const [clip] = clipId === null ? [] : await findVisibleClips(db, null, [clipId]);
  if (clip === undefined) throw notFound(OEMBED_NOT_FOUND);
  const title = clip.title || "Untitled";
  const width = Math.min(EMBED_SIZE.width, max.width ?? EMBED_SIZE.width);
  const height = Math.min(EMBED_SIZE.height, max.height ?? EMBED_SIZE.height);
  const image = clipMediaUrl(clip.id, "image", clip.image_key);
  return {
    version: "1.0",
    type: "rich",
    provider_name: "Tunesmith",
    provider_url: origin,
    title,
    author_name: clip.owner_handle,
    author_url: `${origin}/@${clip.owner_handle}`,
    html: embedCode(origin, clip.id, title, { width, height }),
    width,
    height,
    ...(image === null ? {} : { thumbnail_url: `${origin}${image}` }),
  };
}

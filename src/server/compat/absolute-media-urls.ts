import type { MediaGrant } from "../../shared/api/media-signatures.ts";
import type { MediaQuerySigner } from "./media-url-signer.ts";

/** The fields clients download media from. */
const MEDIA_FIELDS = new Set(["audio_url", "image_url", "image_large_url", "video_url"]);
/** A clip's own media as this server names it (clipMediaUrl), with its query. */
const CLIP_MEDIA =
  /^\/api\/media\/clips\/([0-9a-f-]{36})\/(audio|image|video)(?:\.[a-z0-9]{1,5})?(?:\?(.*))?$/i;

export interface MediaUrlContext {
  /** scheme://host[:port] as the client reached the server. */
  readonly origin: string;
  readonly grant: MediaGrant;
  /** Seconds since the epoch. */
  readonly expires: number;
  readonly sign: MediaQuerySigner;
}

/**
 * A copy of an answer with every clip media URL made absolute and signed for the grant, so a plain
 * HTTP client downloads it without a cookie until it expires. Nothing else changes; the answer
 * itself is never altered (it may be shared, as cached lists are).
 */
export function absoluteMediaUrls(value: unknown, context: MediaUrlContext): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteMediaUrls(item, context));
  if (value === null || typeof value !== "object" || value.constructor !== Object) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] =
      MEDIA_FIELDS.has(key) && typeof field === "string"
        ? signedUrl(field, context)
        : absoluteMediaUrls(field, context);
  }
  return copy;
}

function signedUrl(url: string, { origin, grant, expires, sign }: MediaUrlContext): string {
  const match = CLIP_MEDIA.exec(url);
  if (!match) return url;
  const [, clipId, media, query] = match;
  const signed = sign(clipId, media as "audio" | "image" | "video", grant, expires);
  const path = url.split("?")[0];
  return `${origin}${path}?${query ? `${query}&` : ""}${signed}`;
}

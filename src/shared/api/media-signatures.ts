import { z } from "zod";

/** How long a signed media URL works: long enough to play or download a song found by a script. */
export const SIGNED_MEDIA_LIFETIME_S = 24 * 60 * 60;

/** The media a signed URL may name: the song's own files, never a paid download. */
export const SIGNABLE_MEDIA = ["audio", "image", "video"] as const;
export type SignableMedia = (typeof SIGNABLE_MEDIA)[number];

export const SIGNED_MEDIA_EXPIRED = "This media link has expired: ask for the song again for a new one";
export const SIGNED_MEDIA_INVALID = "This media link is not valid";
export const SIGNED_MEDIA_REVOKED =
  "This media link was given to a script token that has been revoked: ask for the song again with a live token";

/** Who a link was given to: the token's owner, whose view of the song it follows, and the token. */
export interface MediaGrant {
  readonly viewerId: string;
  readonly tokenId: string;
}

/**
 * The query a signed media URL adds: until when, for whom (whose view of the song), through which
 * script token (revoking it voids the link), and the signature.
 */
export const signedMediaQuerySchema = z.object({
  expires: z.coerce.number().int().positive().optional(),
  viewer: z.uuid("Viewers are user ids").optional(),
  token: z.uuid("Tokens are named by their ids").optional(),
  signature: z.string().max(100).optional(),
});

/**
 * What a signature covers: the clip, the medium, the viewer whose visibility rule the request
 * follows, the token it was given to, and the expiry (seconds since the epoch). The cache-busting `v`
 * is left out: a new file under the same link is still that song's.
 */
export const signedMediaPayload = (
  clipId: string,
  media: SignableMedia,
  { viewerId, tokenId }: MediaGrant,
  expires: number,
) => `${clipId}\n${media}\n${viewerId}\n${tokenId}\n${expires}`;

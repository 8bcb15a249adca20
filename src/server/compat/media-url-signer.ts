import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import {
  type MediaGrant,
  SIGNABLE_MEDIA,
  SIGNED_MEDIA_EXPIRED,
  SIGNED_MEDIA_INVALID,
  SIGNED_MEDIA_REVOKED,
  type SignableMedia,
  signedMediaPayload,
} from "../../shared/api/media-signatures.ts";
import type { Database } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";

const SECRET_NAME = "media-urls";

/** The signing secret, made by the first instance that needs it and then read by all. */
async function mediaSecret(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto("server_secrets")
    .values({ name: SECRET_NAME, secret: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("secret")
    .where("name", "=", SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, "base64url");
}

export const isSignableMedia = (kind: string): kind is SignableMedia =>
  (SIGNABLE_MEDIA as readonly string[]).includes(kind);

export type MediaQuerySigner = (
  clipId: string,
  media: SignableMedia,
  grant: MediaGrant,
  expires: number,
) => string;

export interface SignedMediaQuery {
  readonly expires?: number;
  readonly viewer?: string;
  readonly token?: string;
  readonly signature?: string;
}

/**
 * Signs media URLs for plain HTTP clients (no cookie, no token) and checks them: an HMAC-SHA256
 * over the clip, the medium, the viewer, the script token and the expiry, with a secret kept in the
 * database. A link works only while the token it was given to is live.
 */
export class MediaUrlSigner {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  private key(): Promise<Buffer> {
    this.secret ??= mediaSecret(this.db).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  /** A signer of media URL queries with the loaded secret: `expires=..&viewer=..&token=..&signature=..`. */
  async signing(): Promise<MediaQuerySigner> {
    const secret = await this.key();
    return (clipId, media, grant, expires) => {
      const signature = createHmac("sha256", secret)
        .update(signedMediaPayload(clipId, media, grant, expires))
        .digest("base64url");
      return `expires=${expires}&viewer=${grant.viewerId}&token=${grant.tokenId}&signature=${signature}`;
    };
  }

  /** The viewer a signed request reads as; a 403 when the link was altered, is incomplete or expired. */
  async verify(clipId: string, media: string, query: SignedMediaQuery, nowSeconds: number): Promise<string> {
    const { expires, viewer, token, signature } = query;
    if (
      expires === undefined ||
      viewer === undefined ||
      token === undefined ||
      signature === undefined ||
      !isSignableMedia(media)
    )
      throw forbidden(SIGNED_MEDIA_INVALID);
    const expected = createHmac("sha256", await this.key())
      .update(signedMediaPayload(clipId, media, { viewerId: viewer, tokenId: token }, expires))
      .digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw forbidden(SIGNED_MEDIA_INVALID);
    // Checked after the signature, so an altered expiry reads as altered, not as expired.
    if (expires <= nowSeconds) throw forbidden(SIGNED_MEDIA_EXPIRED);
    const live = await this.db
      .selectFrom("api_tokens")
      .select("id")
      .where("id", "=", token)
      .where("user_id", "=", viewer)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (!live) throw forbidden(SIGNED_MEDIA_REVOKED);
    return viewer;
  }
}

import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { SIGNED_MEDIA_LIFETIME_S } from "../../shared/api/media-signatures.ts";
import type { Database } from "../db/schema.ts";
import { absoluteMediaUrls } from "./absolute-media-urls.ts";
import { isInnerRequest } from "./inner-requests.ts";
import { MediaUrlSigner } from "./media-url-signer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Signs and checks the media URLs handed to scripts. */
    mediaUrls: MediaUrlSigner;
  }
}

/**
 * Scripts (requests with a script token, as the upstream service's clients send) download the
 * media URLs they are answered with using a plain HTTP client, without the token. Their answers'
 * clip media URLs are made absolute and signed for the token's owner, valid for a day or until the
 * token is revoked; the pages,
 * with their cookie, keep the short relative ones.
 */
export function registerScriptMediaUrls(app: FastifyInstance, db: Kysely<Database>): void {
  const signer = new MediaUrlSigner(db);
  app.decorate("mediaUrls", signer);
  app.addHook("preSerialization", async (request, _reply, payload) => {
    const auth = request.auth;
    if (!auth || auth.scriptTokenId === null || isInnerRequest(request)) return payload;
    return absoluteMediaUrls(payload, {
      origin: `${request.protocol}://${request.host}`,
      grant: { viewerId: auth.user.id, tokenId: auth.scriptTokenId },
      expires: Math.floor(Date.now() / 1000) + SIGNED_MEDIA_LIFETIME_S,
      sign: await signer.signing(),
    });
  });
}

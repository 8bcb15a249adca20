import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { oembedQuerySchema, shareCodeParamsSchema, shareLinkBodySchema } from "../../shared/api/share.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { oembedAnswer } from "../pages/oembed.ts";
import { resolveShareCode, shareCodeFor } from "../social/share-links.ts";

/** Share links: make (or find again) a short link, read what a code opens; oEmbed for unfurlers. */
export function registerShareRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/share/link", async (request) => {
    const body = parseInput(shareLinkBodySchema, request.body);
    const code = await shareCodeFor(db, request.auth?.user.id ?? null, {
      content_type: body.content_type,
      content_id: body.content_id,
      source: body.source,
      platform: body.platform,
      recommendation_item_id: body.recommendation_metadata?.recommendation_item_id ?? null,
    });
    return { link: `${request.protocol}://${request.host}/s/${code}`, share_id: code };
  });

  app.get("/api/share/code/:share_id", async (request) => {
    const { share_id } = parseInput(shareCodeParamsSchema, request.params, "path");
    return resolveShareCode(db, share_id);
  });

  app.get("/api/oembed", async (request) => {
    const query = parseInput(oembedQuerySchema, request.query, "query");
    return oembedAnswer(db, `${request.protocol}://${request.host}`, query.url, {
      width: query.maxwidth,
      height: query.maxheight,
    });
  });
}

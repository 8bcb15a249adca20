import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import {
  oembedQuerySchema,
  SHARE_MESSAGES,
  shareCodeParamsSchema,
  shareLinkBodySchema,
} from "../../shared/api/share.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound, unauthorized } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raiseShareClip } from "../notifications/clip-events.ts";
import { raiseContext } from "../notifications/raise.ts";
import { oembedAnswer } from "../pages/oembed.ts";
import { resolveShareCode, shareCodeFor } from "../social/share-links.ts";

/** The people a Share with friends names, all of them, or a 404 naming the first unknown handle. */
async function recipientsOf(
  db: Kysely<Database>,
  handles: readonly string[],
): Promise<{ id: string; handle: string }[]> {
  const lowered = [...new Set(handles.map((handle) => handle.toLowerCase()))];
  const users = await db
    .selectFrom("users")
    .select(["id", "handle"])
    .where(sql<string>`lower(handle)`, "in", lowered)
    .execute();
  const known = new Set(users.map((user) => user.handle.toLowerCase()));
  const unknown = lowered.find((handle) => !known.has(handle));
  if (unknown !== undefined) throw notFound(`No user has the handle @${unknown}`);
  return users;
}

/**
 * Share links: make (or find again) a short link, read what a code opens; oEmbed for unfurlers.
 * With recipient_handles (Share with friends, signed in, songs only), each named person gets a
 * share_clip notification; every handle is checked before anyone is told.
 */
export function registerShareRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/share/link", async (request) => {
    const body = parseInput(shareLinkBodySchema, request.body);
    const sharer = request.auth?.user ?? null;
    const handles = body.recipient_handles ?? [];
    if (handles.length > 0 && sharer === null) throw unauthorized(SHARE_MESSAGES.friendsSignIn);
    if (handles.length > 0 && body.content_type !== "clip") throw badRequest(SHARE_MESSAGES.friendsSongsOnly);
    const recipients = handles.length > 0 ? await recipientsOf(db, handles) : [];
    const code = await shareCodeFor(db, sharer?.id ?? null, {
      content_type: body.content_type,
      content_id: body.content_id,
      source: body.source,
      platform: body.platform,
      recommendation_item_id: body.recommendation_metadata?.recommendation_item_id ?? null,
    });
    const link = `${request.protocol}://${request.host}/s/${code}`;
    if (sharer === null || recipients.length === 0) return { link, share_id: code };
    await raiseShareClip(
      raiseContext(db, request),
      sharer.id,
      body.content_id,
      recipients.map((recipient) => recipient.id),
    );
    return { link, share_id: code, shared_with: recipients.map((recipient) => recipient.handle) };
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

import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type FeedV2Response,
  type FeedV3Response,
  feedOffsetBodySchema,
  feedV2QuerySchema,
  feedV3BodySchema,
} from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import { feedOffset, feedPage, libraryPage } from "../clips/feed-queries.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** The feed and the library: cursor pages (v3), page jumps (v3/offset), numbered pages and ids (v2). */
export function registerFeedRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/feed/v2", async (request): Promise<FeedV2Response> => {
    const query = parseInput(feedV2QuerySchema, request.query, "query");
    const viewerId = request.auth?.user.id ?? null;
    if (query.ids) {
      // Polling by id: whatever of these the viewer may see, in the order asked, errors included.
      const clips = (await findVisibleClips(db, viewerId, query.ids)).map((row) => clipView(row, viewerId));
      return { clips, num_total_results: clips.length, has_more: false };
    }
    return libraryPage(db, requireUser(request).id, query);
  });

  app.post("/api/feed/v3", async (request): Promise<FeedV3Response> => {
    const body = parseInput(feedV3BodySchema, request.body);
    return feedPage(db, request.auth?.user.id ?? null, body);
  });

  app.post("/api/feed/v3/offset", async (request) => {
    const body = parseInput(feedOffsetBodySchema, request.body);
    return feedOffset(db, request.auth?.user.id ?? null, body);
  });
}

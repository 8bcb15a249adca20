import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { FeedV2Response, FeedV3Response } from "../../shared/api/clips.ts";
import {
  type FeedFilters,
  feedOffsetBodySchema,
  feedV2QuerySchema,
  feedV3BodySchema,
} from "../../shared/api/feed-query-schemas.ts";
import { WORKSPACE_NOT_FOUND } from "../../shared/api/workspaces.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import { namedWorkspace } from "../clips/feed-filters.ts";
import { feedOffset, feedPage, libraryPage } from "../clips/feed-queries.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { findMembership } from "../workspaces/members.ts";

/**
 * A feed kept to one workspace lists it to its members only (each sees every member's songs
 * there); anyone else gets the 404 of a missing workspace, so its id tells them nothing.
 */
async function requireWorkspaceMember(db: Kysely<Database>, viewerId: string | null, filters: FeedFilters) {
  const workspaceId = namedWorkspace(filters);
  if (workspaceId === null) return;
  // An archived workspace is its owner's alone: they still list their songs in it.
  if (viewerId === null || !(await findMembership(db, viewerId, workspaceId, { trashedToo: true }))) {
    throw notFound(WORKSPACE_NOT_FOUND);
  }
}

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
    const viewerId = request.auth?.user.id ?? null;
    await requireWorkspaceMember(db, viewerId, body.filters);
    return feedPage(db, viewerId, body);
  });

  app.post("/api/feed/v3/offset", async (request) => {
    const body = parseInput(feedOffsetBodySchema, request.body);
    const viewerId = request.auth?.user.id ?? null;
    await requireWorkspaceMember(db, viewerId, body.filters);
    return feedOffset(db, viewerId, body);
  });
}

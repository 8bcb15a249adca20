import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type ClipMetadata, clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  type Contest,
  type ContestPageResponse,
  contestIdParamsSchema,
  contestPageQuerySchema,
  createContestBodySchema,
} from "../../shared/api/contests.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import { contestPage, createContest, runningContests } from "../contests/contest-store.ts";
import type { Database } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

/** Contests: the running ones, one contest's page, whether a song is in one; staff open them. */
export function registerContestRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get(
    "/api/contests/",
    async (): Promise<{ contests: Contest[] }> => ({
      contests: await runningContests(db),
    }),
  );

  app.post("/api/contests/", async (request): Promise<Contest> => {
    const user = requireUser(request);
    if (!user.is_staff) throw forbidden("Only staff can open contests");
    return createContest(db, user.id, parseInput(createContestBodySchema, request.body));
  });

  app.get("/api/contests/:contest_id/", async (request): Promise<ContestPageResponse> => {
    const { contest_id } = parseInput(contestIdParamsSchema, request.params, "path");
    const { page } = parseInput(contestPageQuerySchema, request.query, "query");
    return contestPage(db, request.auth?.user.id ?? null, contest_id, page);
  });

  app.get("/api/contests/is_contest_clip/:clip_id/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findVisibleClip(db, request.auth?.user.id ?? null, clip_id);
    const entered = ((clip.metadata as ClipMetadata).contest_ids?.length ?? 0) > 0;
    return { is_contest_clip: entered || clip.is_contest_base };
  });
}

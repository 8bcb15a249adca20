import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  bulkPlayCountBodySchema,
  incrementPlayCountBodySchema,
  type PlayCountResponse,
} from "../../shared/api/play-counts.ts";
import { findVisibleClip, visibleTo } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** One listener's page reports at most a play a second or so; this leaves room for several tabs. */
const PLAY_RATE = { max: 120, timeWindow: "1 minute" } as const;

/**
 * Adds a play to a song anyone may see (its owner's own plays too), signed in or not. A sampled
 * play adds its factor, but never more than the song's own factor, read in the same statement
 * (shared/player/listening.ts's rule, in SQL: integer division), so a page cannot inflate a count.
 */
async function addPlays(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
  sampleFactor: number,
): Promise<PlayCountResponse> {
  // The same 404 as reading the clip: another's private or trashed song, or a missing one.
  await findVisibleClip(db, viewerId, clipId);
  const row = await db
    .updateTable("clips")
    .set({ play_count: sql`play_count + least(${sampleFactor}::int, 1 + play_count / 100)` })
    .where("id", "=", clipId)
    .returning("play_count")
    .executeTakeFirstOrThrow();
  return { play_count: row.play_count };
}

/**
 * A sampled play of each song the viewer may see, in one statement: each adds the report's factor,
 * never more than its own sampling factor; hidden and missing songs are left out, as if unnamed.
 */
async function addBulkPlays(
  db: Kysely<Database>,
  viewerId: string | null,
  clipIds: readonly string[],
  sampleFactor: number,
) {
  const rows = await db
    .updateTable("clips")
    .set({ play_count: sql`play_count + least(${sampleFactor}::int, 1 + play_count / 100)` })
    .where("id", "in", [...new Set(clipIds)])
    .where(visibleTo(viewerId))
    .returning(["id", "play_count"])
    .execute();
  return { clips: rows };
}

/**
 * POST /api/gen/{gen_id}/increment_play_count/ (one play), /v2 (a sampled play, body
 * sample_factor) and /api/gen/bulk_increment_play_counts/v2 (a sampled play of several songs).
 */
export function registerPlayCountRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post(
    "/api/gen/:clip_id/increment_play_count/",
    { config: { rateLimit: PLAY_RATE } },
    async (request) => {
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      return addPlays(db, request.auth?.user.id ?? null, clip_id, 1);
    },
  );

  app.post(
    "/api/gen/:clip_id/increment_play_count/v2",
    { config: { rateLimit: PLAY_RATE } },
    async (request) => {
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      const { sample_factor } = parseInput(incrementPlayCountBodySchema, request.body);
      return addPlays(db, request.auth?.user.id ?? null, clip_id, sample_factor);
    },
  );

  app.post(
    "/api/gen/bulk_increment_play_counts/v2",
    { config: { rateLimit: PLAY_RATE } },
    async (request) => {
      const { gen_ids, sample_factor } = parseInput(bulkPlayCountBodySchema, request.body);
      return addBulkPlays(db, request.auth?.user.id ?? null, gen_ids, sample_factor);
    },
  );
}

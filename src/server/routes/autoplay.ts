import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type AutoplayResponse, autoplayBodySchema } from "../../shared/api/autoplay.ts";
import { type RadioResponse, radioQuerySchema, radioTagParamsSchema } from "../../shared/api/radio.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { autoplaySongs } from "../player/autoplay.ts";
import { radioSongs } from "../player/radio.ts";

/**
 * More songs for a queue running out, and a song radio's next songs: anyone may ask; only songs the
 * caller may hear come back.
 */
export function registerAutoplayRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/clips/autoplay/", async (request): Promise<AutoplayResponse> => {
    const body = parseInput(autoplayBodySchema, request.body ?? {});
    return autoplaySongs(db, request.auth?.user.id ?? null, {
      clipId: body.clip_id ?? null,
      playlistId: body.playlist_id ?? null,
      query: body.query || null,
      excluded: body.clips_in_queue.map((entry) => entry.clip_id),
      pageSize: body.page_size,
    });
  });

  app.get("/api/radio/:tag/", async (request): Promise<RadioResponse> => {
    const { tag } = parseInput(radioTagParamsSchema, request.params, "path");
    const { clip_id, exclude_clip_ids } = parseInput(radioQuerySchema, request.query, "query");
    return radioSongs(db, request.auth?.user.id ?? null, {
      tag,
      seedId: clip_id ?? null,
      excluded: exclude_clip_ids,
    });
  });
}

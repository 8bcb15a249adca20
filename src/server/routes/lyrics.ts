import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { generateLyricsBodySchema, type LyricsJob, lyricsJobParamsSchema } from "../../shared/api/lyrics.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { findLyricsJob, lyricsJobView, runLyricsJob, startLyricsJob } from "../lyrics/lyrics-jobs.ts";

/** Lyrics generation: start a job, then poll it. */
export function registerLyricsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/generate/lyrics/", async (request): Promise<{ id: string }> => {
    const user = requireUser(request);
    const body = parseInput(generateLyricsBodySchema, request.body);
    const id = await startLyricsJob(db, user.id, body);
    // Answered at once; the job finishes in the background, and a poll finishes one a restart lost.
    setImmediate(() => {
      runLyricsJob(db, id).catch((error: unknown) =>
        request.log.error({ err: error, jobId: id }, "lyrics job failed"),
      );
    });
    return { id };
  });

  for (const path of ["/api/generate/lyrics/:lyrics_id", "/api/generate/lyrics/:lyrics_id/"]) {
    app.get(path, async (request): Promise<LyricsJob> => {
      const user = requireUser(request);
      const { lyrics_id } = parseInput(lyricsJobParamsSchema, request.params, "path");
      return lyricsJobView(await findLyricsJob(db, user.id, lyrics_id));
    });
  }
}

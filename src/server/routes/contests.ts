import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Contest } from "../../shared/api/clip-settings.ts";
import { type ClipMetadata, clipIdParamsSchema } from "../../shared/api/clips.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** Contests, read-only: the running ones, and whether a song is in one (entered, or a contest's base). */
export function registerContestRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/contests/", async (): Promise<{ contests: Contest[] }> => {
    const rows = await db
      .selectFrom("contests")
      .select(["id", "name", "base_clip_id", "is_active"])
      .where("is_active", "=", true)
      .orderBy("created_at", "desc")
      .execute();
    return { contests: rows };
  });

  app.get("/api/contests/is_contest_clip/:clip_id/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findVisibleClip(db, request.auth?.user.id ?? null, clip_id);
    const entered = ((clip.metadata as ClipMetadata).contest_ids?.length ?? 0) > 0;
    const base = await db
      .selectFrom("contests")
      .select("id")
      .where("base_clip_id", "=", clip_id)
      .where("is_active", "=", true)
      .executeTakeFirst();
    return { is_contest_clip: entered || base !== undefined };
  });
}

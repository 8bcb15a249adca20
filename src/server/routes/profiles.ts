import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import {
  HANDLE_SUGGESTIONS_MAX,
  handleSearchQuerySchema,
  type ProfileSummary,
} from "../../shared/api/profiles.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** Profiles: the handle lookup of @mention completion. */
export function registerProfileRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/profiles/search", async (request): Promise<{ profiles: ProfileSummary[] }> => {
    const { prefix } = parseInput(handleSearchQuerySchema, request.query, "query");
    if (prefix === "") return { profiles: [] };
    // The prefix holds only handle characters, so it has no LIKE wildcards to escape.
    const rows = await db
      .selectFrom("users")
      .select(["handle", "display_name"])
      .where(sql<boolean>`lower(handle) like ${`${prefix.toLowerCase()}%`}`)
      .orderBy(sql`lower(handle)`)
      .limit(HANDLE_SUGGESTIONS_MAX)
      .execute();
    return { profiles: rows.map((row) => ({ ...row, avatar_image_url: null })) };
  });
}

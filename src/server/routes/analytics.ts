import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { UserEventResponse } from "../../shared/api/notifications.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";

/** GET /api/analytics/user-event/: what the pages need to know of the caller's first steps. */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/analytics/user-event/", async (request): Promise<UserEventResponse> => {
    const user = requireUser(request);
    // A song made here, trashed or not; an uploaded recording is not one the user created.
    const made = await db
      .selectFrom("clips")
      .select("id")
      .where("user_id", "=", user.id)
      .where(sql<boolean>`coalesce(metadata->>'type', '') <> 'upload'`)
      .limit(1)
      .executeTakeFirst();
    return { has_created_song: made !== undefined };
  });
}

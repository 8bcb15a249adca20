import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type ListenResponse, listenBodySchema, type OnRepeatResponse } from "../../shared/api/on-repeat.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { onRepeatList, recordListen } from "../player/on-repeat.ts";

/** A player reports a song about as often as songs end; this leaves room for several tabs. */
const LISTEN_RATE = { max: 120, timeWindow: "1 minute" } as const;

/** The signed-in listener's plays and their on-repeat list: each reads and writes only their own. */
export function registerOnRepeatRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post(
    "/api/music_player/listens/",
    { config: { rateLimit: LISTEN_RATE } },
    async (request): Promise<ListenResponse> => {
      const user = requireUser(request);
      const { clip_id } = parseInput(listenBodySchema, request.body);
      return recordListen(db, user.id, clip_id);
    },
  );

  app.get("/api/playlist/on_repeat/", async (request): Promise<OnRepeatResponse> => {
    const user = requireUser(request);
    return onRepeatList(db, user.id);
  });
}

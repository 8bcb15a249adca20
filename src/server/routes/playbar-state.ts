import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type PlaybarStateResponse, playbarStateSchema } from "../../shared/api/playbar-state.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { readPlaybarState, savePlaybarState } from "../player/playbar-store.ts";

/** The signed-in listener's saved player: each user reads and writes only their own. */
export function registerPlaybarStateRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/music_player/playbar_state", async (request): Promise<PlaybarStateResponse> => {
    const user = requireUser(request);
    return { state: await readPlaybarState(db, user.id) };
  });

  app.post("/api/music_player/playbar_state", async (request): Promise<PlaybarStateResponse> => {
    const user = requireUser(request);
    const state = parseInput(playbarStateSchema, request.body);
    return { state: await savePlaybarState(db, user.id, state) };
  });
}

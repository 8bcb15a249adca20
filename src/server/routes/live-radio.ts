import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { LIVE_STATION_ID, type LiveRadioSongList, livingRadioParamsSchema } from "../../shared/api/radio.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { LiveRadio } from "../player/live-radio.ts";

export const STATION_NOT_FOUND = "Station not found";

/** The live station's programme, for anyone (its songs are public), on the server's clock. */
export function registerLiveRadioRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const radio = new LiveRadio(db);
  app.get("/api/living_radio/:station_id/song-list", async (request): Promise<LiveRadioSongList> => {
    const { station_id } = parseInput(livingRadioParamsSchema, request.params, "path");
    if (station_id !== LIVE_STATION_ID) throw notFound(STATION_NOT_FOUND);
    const now = Date.now();
    const items = await radio.songList(station_id, now);
    return { station_id, server_time: new Date(now).toISOString(), items };
  });
}

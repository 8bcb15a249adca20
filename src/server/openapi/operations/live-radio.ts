import { liveRadioSongListSchema, livingRadioParamsSchema } from "../../../shared/api/radio.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/live-radio.ts. */
export const liveRadioOperations: OperationGroup = {
  tag: "Live radio",
  operations: [
    {
      method: "GET",
      path: "/api/living_radio/:station_id/song-list",
      summary: "The station's songs on the server's clock, from the one playing now",
      params: livingRadioParamsSchema,
      response: liveRadioSongListSchema,
    },
  ],
};

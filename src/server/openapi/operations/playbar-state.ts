import { playbarStateResponseSchema, playbarStateSchema } from "../../../shared/api/playbar-state.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/playbar-state.ts. */
export const playbarStateOperations: OperationGroup = {
  tag: "Playbar state",
  operations: [
    {
      method: "GET",
      path: "/api/music_player/playbar_state",
      summary: "Music player playbar state",
      response: playbarStateResponseSchema,
    },
    {
      method: "POST",
      path: "/api/music_player/playbar_state",
      summary: "Music player playbar state",
      body: playbarStateSchema,
      response: playbarStateResponseSchema,
    },
  ],
};

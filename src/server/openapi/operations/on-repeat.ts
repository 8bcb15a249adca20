import {
  listenBodySchema,
  listenResponseSchema,
  onRepeatResponseSchema,
} from "../../../shared/api/on-repeat.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/on-repeat.ts. */
export const onRepeatOperations: OperationGroup = {
  tag: "On repeat",
  operations: [
    {
      method: "POST",
      path: "/api/music_player/listens/",
      summary: "Report a listen of a song (the listener's on-repeat list)",
      body: listenBodySchema,
      response: listenResponseSchema,
    },
    {
      method: "GET",
      path: "/api/playlist/on_repeat/",
      summary: "The listener's on-repeat list",
      response: onRepeatResponseSchema,
    },
  ],
};

import { projectIdParamsSchema } from "../../../shared/api/studio.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/realtime.ts and routes/studio-live.ts (one websocket upgrade for both). */
export const realtimeOperations: OperationGroup = {
  tag: "Realtime",
  operations: [
    {
      method: "GET",
      path: "/api/realtime",
      summary: "Live updates over a websocket (session cookie or bearer token)",
      produces: "websocket",
    },
    {
      method: "GET",
      path: "/api/studio/project/:project_id/live",
      summary:
        "Live editing of a studio project over a websocket: y-protocols sync and awareness messages (binary); members only",
      params: projectIdParamsSchema,
      produces: "websocket",
    },
  ],
};

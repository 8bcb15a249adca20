import type { OperationGroup } from "../operation.ts";

/** The routes of routes/realtime.ts. */
export const realtimeOperations: OperationGroup = {
  tag: "Realtime",
  operations: [
    {
      method: "GET",
      path: "/api/realtime",
      summary: "Live updates over a websocket (session cookie or bearer token)",
      produces: "websocket",
    },
  ],
};

import { downbeatsJobResponseSchema, downbeatsStreamingBodySchema } from "../../../shared/api/downbeats.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/downbeats.ts. */
export const downbeatsOperations: OperationGroup = {
  tag: "Downbeats",
  operations: [
    {
      method: "GET",
      path: "/api/gen/:clip_id/downbeats",
      summary: "Gen downbeats",
      response: downbeatsJobResponseSchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/downbeats_streaming/v2",
      summary: "Gen downbeats streaming",
      body: downbeatsStreamingBodySchema,
    },
  ],
};

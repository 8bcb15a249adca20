import { userEventResponseSchema } from "../../../shared/api/notifications.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/analytics.ts. */
export const analyticsOperations: OperationGroup = {
  tag: "Analytics",
  operations: [
    {
      method: "GET",
      path: "/api/analytics/user-event/",
      summary: "Analytics user event",
      response: userEventResponseSchema,
    },
  ],
};

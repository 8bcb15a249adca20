import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/contests.ts. */
export const contestsOperations: OperationGroup = {
  tag: "Contests",
  operations: [
    { method: "GET", path: "/api/contests/", summary: "Contests" },
    {
      method: "GET",
      path: "/api/contests/is_contest_clip/:clip_id/",
      summary: "Contests is contest clip",
      params: clipIdParamsSchema,
    },
  ],
};

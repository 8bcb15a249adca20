import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import { bulkPlayCountBodySchema, incrementPlayCountBodySchema } from "../../../shared/api/play-counts.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/play-counts.ts. */
export const playCountsOperations: OperationGroup = {
  tag: "Play counts",
  operations: [
    {
      method: "POST",
      path: "/api/gen/:clip_id/increment_play_count/",
      summary: "Gen increment play count",
      params: clipIdParamsSchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/increment_play_count/v2",
      summary: "Gen increment play count",
      params: clipIdParamsSchema,
      body: incrementPlayCountBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/bulk_increment_play_counts/v2",
      summary: "Gen bulk increment play counts",
      body: bulkPlayCountBodySchema,
    },
  ],
};

import {
  actionCountResponseSchema,
  clipDescriptionSchema,
  incrementActionBodySchema,
  incrementActionsBodySchema,
  samplePackResponseSchema,
} from "../../../shared/api/clip-actions.ts";
import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/clip-actions.ts. */
export const clipActionsOperations: OperationGroup = {
  tag: "Clip actions",
  operations: [
    {
      method: "GET",
      path: "/api/clips/:clip_id/description",
      summary: "Describe Clip is the owner's",
      params: clipIdParamsSchema,
      response: clipDescriptionSchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/increment_action_count/",
      summary: "Counted on clips the user may see",
      params: clipIdParamsSchema,
      body: incrementActionBodySchema,
      response: actionCountResponseSchema,
    },
    {
      method: "POST",
      path: "/api/gen/increment_action_counts/",
      summary: "Gen increment action counts",
      body: incrementActionsBodySchema,
      response: actionCountResponseSchema,
    },
    {
      method: "POST",
      path: "/api/generate/:clip_id/generate_sample_pack",
      summary: "Generate generate sample pack",
      params: clipIdParamsSchema,
      response: samplePackResponseSchema,
    },
    {
      method: "GET",
      path: "/api/generate/:clip_id/sample_pack.zip",
      summary: "Generate sample pack",
      params: clipIdParamsSchema,
    },
  ],
};

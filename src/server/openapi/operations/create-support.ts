import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  commercialRightsResponseSchema,
  experimentBodySchema,
  experimentResponseSchema,
  generationMatrixSchema,
  recommendStylesResponseSchema,
  recommendTagsBodySchema,
  recommendTagsResponseSchema,
} from "../../../shared/api/create-support.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/create-support.ts. */
export const createSupportOperations: OperationGroup = {
  tag: "Create support",
  operations: [
    {
      method: "GET",
      path: "/api/generate/get_recommend_styles",
      summary: "Generate get recommend styles",
      response: recommendStylesResponseSchema,
    },
    {
      method: "POST",
      path: "/api/tags/recommend",
      summary: "Tags recommend",
      body: recommendTagsBodySchema,
      response: recommendTagsResponseSchema,
    },
    {
      method: "GET",
      path: "/api/generate/matrix",
      summary: "Generate matrix",
      response: generationMatrixSchema,
    },
    {
      method: "GET",
      path: "/api/clips/:clip_id/commercial_rights_eligible/",
      summary: "Clips commercial rights eligible",
      params: clipIdParamsSchema,
      response: commercialRightsResponseSchema,
    },
    {
      method: "POST",
      path: "/api/statsig/experiment/",
      summary: "Statsig experiment",
      body: experimentBodySchema,
      response: experimentResponseSchema,
    },
  ],
};

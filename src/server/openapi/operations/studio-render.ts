import {
  renderDownloadParamsSchema,
  renderStateBodySchema,
  renderStateMultitrackBodySchema,
  renderStateMultitrackResponseSchema,
  renderStateResponseSchema,
} from "../../../shared/api/studio-render.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/studio-render.ts. */
export const studioRenderOperations: OperationGroup = {
  tag: "Studio render",
  operations: [
    {
      method: "POST",
      path: "/api/studio/render-state",
      summary: "Studio render state",
      body: renderStateBodySchema,
      response: renderStateResponseSchema,
    },
    {
      method: "POST",
      path: "/api/studio/render-state-multitrack",
      summary: "Studio render state multitrack",
      body: renderStateMultitrackBodySchema,
      response: renderStateMultitrackResponseSchema,
    },
    {
      method: "GET",
      path: "/api/studio/render-downloads/:render_key.zip",
      summary: "Studio render downloads",
      params: renderDownloadParamsSchema,
    },
  ],
};

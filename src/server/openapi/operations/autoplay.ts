import { autoplayBodySchema, autoplayResponseSchema } from "../../../shared/api/autoplay.ts";
import { radioQuerySchema, radioResponseSchema, radioTagParamsSchema } from "../../../shared/api/radio.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/autoplay.ts. */
export const autoplayOperations: OperationGroup = {
  tag: "Autoplay",
  operations: [
    {
      method: "POST",
      path: "/api/clips/autoplay/",
      summary: "Clips autoplay",
      body: autoplayBodySchema,
      response: autoplayResponseSchema,
    },
    {
      method: "GET",
      path: "/api/radio/:tag/",
      summary: "Radio",
      params: radioTagParamsSchema,
      query: radioQuerySchema,
      response: radioResponseSchema,
    },
  ],
};

import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  adjustSpeedBodySchema,
  alignedLyricsResponseSchema,
  concatBodySchema,
  generateBodySchema,
  generateResponseSchema,
  generationRequestsQuerySchema,
  generationRequestsResponseSchema,
  stemsResponseSchema,
  upsampleBodySchema,
} from "../../../shared/api/generate.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/generate.ts. */
export const generateOperations: OperationGroup = {
  tag: "Generate",
  operations: [
    {
      method: "POST",
      path: ["/api/generate/v2/", "/api/generate/v2-web/", "/api/generate/v2", "/api/generate/v2-web"],
      summary: "Generate",
      body: generateBodySchema,
      response: generateResponseSchema,
    },
    {
      method: "GET",
      path: ["/api/generate/requests/", "/api/generate/requests"],
      summary: "Generate requests",
      query: generationRequestsQuerySchema,
      response: generationRequestsResponseSchema,
    },
    {
      method: "POST",
      path: ["/api/generate/concat/v2/", "/api/generate/concat/v2"],
      summary: "Generate concat",
      body: concatBodySchema,
    },
    {
      method: "POST",
      path: ["/api/generate/upsample", "/api/generate/upsample/"],
      summary: "Generate upsample",
      body: upsampleBodySchema,
    },
    {
      method: "POST",
      path: ["/api/clips/adjust-speed/", "/api/clips/adjust-speed"],
      summary: "Clips adjust speed",
      body: adjustSpeedBodySchema,
    },
    {
      method: "POST",
      path: ["/api/edit/stems/:clip_id", "/api/edit/stems/:clip_id/"],
      summary: "Edit stems",
      params: clipIdParamsSchema,
      response: stemsResponseSchema,
    },
    {
      method: "GET",
      path: ["/api/gen/:clip_id/aligned_lyrics/v2/", "/api/gen/:clip_id/aligned_lyrics/v2"],
      summary: "Gen aligned lyrics",
      params: clipIdParamsSchema,
      response: alignedLyricsResponseSchema,
    },
    { method: "GET", path: "/api/gen/:clip_id/midi/", summary: "Gen midi", params: clipIdParamsSchema },
  ],
};

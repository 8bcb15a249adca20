import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  adjustSpeedBodySchema,
  concatBodySchema,
  generateBodySchema,
  generateResponseSchema,
  generationRequestsQuerySchema,
  generationRequestsResponseSchema,
  mergeBodySchema,
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
      summary:
        "Create songs (two clips) from a description or lyrics and styles; extend, cover and other tasks",
      body: generateBodySchema,
      response: generateResponseSchema,
    },
    {
      method: "GET",
      path: ["/api/generate/requests/", "/api/generate/requests"],
      summary: "Your generation requests and their state",
      query: generationRequestsQuerySchema,
      response: generationRequestsResponseSchema,
    },
    {
      method: "POST",
      path: ["/api/generate/concat/v2/", "/api/generate/concat/v2"],
      summary: "Get Full Song: join an extend chain into one song",
      body: concatBodySchema,
    },
    {
      method: "POST",
      path: ["/api/generate/merge/", "/api/generate/merge"],
      summary: "Merge: the user's songs joined into one, in the order given",
      body: mergeBodySchema,
    },
    {
      method: "POST",
      path: ["/api/generate/upsample", "/api/generate/upsample/"],
      summary: "Remaster a song",
      body: upsampleBodySchema,
    },
    {
      method: "POST",
      path: ["/api/clips/adjust-speed/", "/api/clips/adjust-speed"],
      summary: "A new clip at another speed",
      body: adjustSpeedBodySchema,
    },
    {
      method: "POST",
      path: ["/api/edit/stems/:clip_id", "/api/edit/stems/:clip_id/"],
      summary: "Separate a song into stems (new clips)",
      params: clipIdParamsSchema,
      response: stemsResponseSchema,
    },
    {
      method: "GET",
      path: "/api/gen/:clip_id/midi/",
      summary: "The song's MIDI",
      params: clipIdParamsSchema,
    },
  ],
};

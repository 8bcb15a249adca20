import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  alignedLyricsResponseSchema,
  alignedLyricsV3BodySchema,
  alignedLyricsV3ResponseSchema,
} from "../../../shared/api/generate.ts";
import type { OperationGroup } from "../operation.ts";

const V3 = ["/api/gen/:clip_id/aligned_lyrics/v3", "/api/gen/:clip_id/aligned_lyrics/v3/"];

/** The routes of routes/aligned-lyrics.ts. */
export const alignedLyricsOperations: OperationGroup = {
  tag: "Aligned lyrics",
  operations: [
    {
      method: "GET",
      path: ["/api/gen/:clip_id/aligned_lyrics/v2/", "/api/gen/:clip_id/aligned_lyrics/v2"],
      summary: "Lyrics aligned word by word to the audio",
      params: clipIdParamsSchema,
      response: alignedLyricsResponseSchema,
    },
    {
      method: "POST",
      path: V3,
      summary: "Align lyrics to the song (running while the song renders)",
      params: clipIdParamsSchema,
      body: alignedLyricsV3BodySchema,
      response: alignedLyricsV3ResponseSchema,
    },
    {
      method: "GET",
      path: V3,
      summary: "The alignment's state and words",
      params: clipIdParamsSchema,
      response: alignedLyricsV3ResponseSchema,
    },
  ],
};

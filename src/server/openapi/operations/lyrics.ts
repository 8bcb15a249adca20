import {
  generateLyricsBodySchema,
  lyricsJobParamsSchema,
  lyricsJobSchema,
} from "../../../shared/api/lyrics.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/lyrics.ts. */
export const lyricsOperations: OperationGroup = {
  tag: "Lyrics",
  operations: [
    {
      method: "POST",
      path: "/api/generate/lyrics/",
      summary: "Write lyrics from a prompt (answers a job id)",
      body: generateLyricsBodySchema,
    },
    {
      method: "GET",
      path: ["/api/generate/lyrics/:lyrics_id", "/api/generate/lyrics/:lyrics_id/"],
      summary: "A lyrics job: its status, then its title and text",
      params: lyricsJobParamsSchema,
      response: lyricsJobSchema,
    },
  ],
};

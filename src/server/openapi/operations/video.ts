import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import { songVideoListSchema, songVideoSchema } from "../../../shared/api/video.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/video.ts. */
export const videoOperations: OperationGroup = {
  tag: "Video",
  operations: [
    {
      method: "POST",
      path: "/api/video/generate/:clip_id/",
      summary: "Render the song's video (MP4: cover, waveform, title, lyrics); the owner, on a paid plan",
      params: clipIdParamsSchema,
      response: songVideoSchema,
    },
    {
      method: "GET",
      path: "/api/video/generate/:clip_id/status/",
      summary: "The song video's state (polled every 4 s while it renders)",
      params: clipIdParamsSchema,
      response: songVideoSchema,
    },
    {
      method: "GET",
      path: "/api/video_gen/videos",
      summary: "The viewer's song videos, latest first",
      response: songVideoListSchema,
    },
  ],
};

import { createAudioUploadResponseSchema, uploadIdParamsSchema } from "../../../shared/api/uploads.ts";
import {
  createVideoUploadBodySchema,
  videoUploadFinishBodySchema,
  videoUploadSchema,
} from "../../../shared/api/video-uploads.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/video-uploads.ts. */
export const videoUploadsOperations: OperationGroup = {
  tag: "Video uploads",
  operations: [
    {
      method: "POST",
      path: "/api/uploads/video/",
      summary: "Start a video upload: the form to post the file (at most 200 MB) with",
      body: createVideoUploadBodySchema,
      response: createAudioUploadResponseSchema,
    },
    {
      method: "POST",
      path: "/api/uploads/video/:upload_id/upload-finish/",
      summary: "The file is sent: check the video (and make its sprite when asked)",
      params: uploadIdParamsSchema,
      body: videoUploadFinishBodySchema,
      response: videoUploadSchema,
    },
    {
      method: "GET",
      path: "/api/uploads/video/:upload_id/",
      summary: "A video upload's state (polled every 2 s)",
      params: uploadIdParamsSchema,
      response: videoUploadSchema,
    },
    {
      method: "GET",
      path: "/api/uploads/video/:upload_id/:file",
      summary: "A processed video upload's thumbnail.jpg or sprite.jpg",
      params: uploadIdParamsSchema,
      produces: "image/jpeg",
    },
  ],
};

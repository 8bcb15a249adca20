import {
  createAudioUploadBodySchema,
  initializeClipBodySchema,
  initializeStemMixClipBodySchema,
  uploadFinishBodySchema,
} from "../../../shared/api/uploads.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/uploads.ts. */
export const uploadsOperations: OperationGroup = {
  tag: "Uploads",
  operations: [
    {
      method: "POST",
      path: "/api/storage/upload",
      summary:
        "The signed upload form's target when media is kept on local disk (the S3 presigned POST scheme)",
      consumes: "multipart/form-data",
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/uploads/audio/",
      summary: "Uploads audio",
      body: createAudioUploadBodySchema,
    },
    {
      method: "POST",
      path: "/api/uploads/audio/:upload_id/upload-finish/",
      summary: "Audio upload finish",
      body: uploadFinishBodySchema,
    },
    { method: "GET", path: "/api/uploads/audio/:upload_id/", summary: "Uploads audio" },
    { method: "POST", path: "/api/uploads/audio/:upload_id/cancel/", summary: "Audio cancel" },
    {
      method: "POST",
      path: "/api/uploads/audio/:upload_id/initialize-clip/",
      summary: "Audio initialize clip",
      body: initializeClipBodySchema,
    },
    {
      method: "POST",
      path: "/api/uploads/audio/:upload_id/initialize-stem-mix-clip",
      summary: "The studio spec writes this one path without the trailing slash the others have",
      body: initializeStemMixClipBodySchema,
    },
    {
      method: "POST",
      path: "/api/uploads/audio/:upload_id/initialize-stem-mix-clip/",
      summary: "Audio initialize stem mix clip",
      body: initializeStemMixClipBodySchema,
    },
  ],
};

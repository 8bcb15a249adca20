import { imageUploadResponseSchema } from "../../../shared/api/images.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/image-uploads.ts. */
export const imageUploadsOperations: OperationGroup = {
  tag: "Image uploads",
  operations: [
    {
      method: "POST",
      path: "/api/uploads/image/",
      summary: "Upload a cover image (multipart form, JPEG, PNG, WebP or BMP)",
      consumes: "multipart/form-data",
      response: imageUploadResponseSchema,
    },
  ],
};

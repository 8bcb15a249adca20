// An image sent to POST /api/uploads/image/ as it is: the server decodes it by its bytes and keeps
// its own JPEG, whose id (image_s3_id) a song's cover or a hook's thumbnail then names.

import { imageUploadResponseSchema } from "../../shared/api/images.ts";
import { ApiError } from "./api-request.ts";

/** What the caller shows: for a lost connection, and for a refusal (the server's detail when none). */
export interface ImageUploadWords {
  readonly network: string;
  readonly refused?: string;
}

export async function uploadImage(file: File, words: ImageUploadWords): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/uploads/image/", {
      method: "POST",
      headers: { "content-type": file.type || "application/octet-stream" },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, words.network, null);
  }
  if (!response.ok) {
    const body = await response.text();
    let detail = words.refused;
    if (detail === undefined) {
      const parsed = (() => {
        try {
          return JSON.parse(body) as { detail?: unknown };
        } catch {
          return {};
        }
      })();
      detail = typeof parsed.detail === "string" ? parsed.detail : `HTTP ${response.status}`;
    }
    throw new ApiError(response.status, detail, body);
  }
  return imageUploadResponseSchema.parse(await response.json()).image_s3_id;
}

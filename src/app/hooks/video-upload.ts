// A video upload for a hook: ask for a form, post the file to storage with it (through
// XMLHttpRequest, whose upload reports progress, which fetch does not), finish, then poll every 2 s
// while the server checks the video. Uploading gives up after 10 minutes and processing after
// 180 s, each with its own message.

import {
  createVideoUploadResponseSchema,
  VIDEO_NOT_A_VIDEO,
  VIDEO_PROCESSING_TIMED_OUT,
  VIDEO_PROCESSING_TIMEOUT_MS,
  VIDEO_TOO_LARGE,
  VIDEO_UPLOAD_FAILED,
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_POLL_MS,
  VIDEO_UPLOAD_TIMED_OUT,
  VIDEO_UPLOAD_TIMEOUT_MS,
  type VideoUpload,
  videoUploadSchema,
} from "../../shared/api/video-uploads.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { pollFor } from "../clip-actions/poll.ts";

/** What the upload card shows. */
export type VideoUploadProgress =
  | { readonly stage: "uploading"; readonly fraction: number }
  | { readonly stage: "processing" };

export class VideoUploadFailure extends Error {
  override readonly name = "VideoUploadFailure";
}

/** The file's extension as the server names them ("" when it has none). */
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";

/** The form post, reporting the share of bytes sent; rejects on a refusal, a drop or a cancel. */
function postWithProgress(
  form: { readonly url: string; readonly fields: Record<string, string> },
  file: File,
  signal: AbortSignal,
  onFraction: (fraction: number) => void,
): Promise<void> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append("file", file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", new URL(form.url, window.location.href).toString());
    request.withCredentials = true;
    request.timeout = VIDEO_UPLOAD_TIMEOUT_MS;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onFraction(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new VideoUploadFailure(request.status === 413 ? VIDEO_TOO_LARGE : VIDEO_UPLOAD_FAILED));
    request.onerror = () => reject(new VideoUploadFailure(VIDEO_UPLOAD_FAILED));
    request.ontimeout = () => reject(new VideoUploadFailure(VIDEO_UPLOAD_TIMED_OUT));
    request.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(data);
  });
}

/** Uploads the video and waits for its checks; answers the complete upload or throws its message. */
export async function uploadVideo(
  file: File,
  signal: AbortSignal,
  onProgress: (progress: VideoUploadProgress) => void,
): Promise<VideoUpload> {
  if (file.size > VIDEO_UPLOAD_MAX_BYTES) throw new VideoUploadFailure(VIDEO_TOO_LARGE);
  onProgress({ stage: "uploading", fraction: 0 });
  let form: { id: string; url: string; fields: Record<string, string> };
  try {
    form = await apiRequest("/api/uploads/video/", createVideoUploadResponseSchema, {
      body: { extension: extensionOf(file.name) },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw new VideoUploadFailure(VIDEO_NOT_A_VIDEO);
    throw error;
  }
  await postWithProgress(form, file, signal, (fraction) => onProgress({ stage: "uploading", fraction }));
  const id = encodeURIComponent(form.id);
  await apiRequest(`/api/uploads/video/${id}/upload-finish/`, videoUploadSchema, {
    body: { upload_type: "file_upload", upload_filename: file.name, video_upload_type: "hook" },
    signal,
  });
  onProgress({ stage: "processing" });
  const done = await pollFor(
    async () => {
      const upload = await apiRequest(`/api/uploads/video/${id}/`, videoUploadSchema, { signal });
      if (upload.status === "error") throw new VideoUploadFailure(upload.error_message ?? VIDEO_NOT_A_VIDEO);
      return upload.status === "complete" ? upload : null;
    },
    {
      intervalMs: VIDEO_UPLOAD_POLL_MS,
      tries: Math.ceil(VIDEO_PROCESSING_TIMEOUT_MS / VIDEO_UPLOAD_POLL_MS),
    },
  );
  if (done === null) throw new VideoUploadFailure(VIDEO_PROCESSING_TIMED_OUT);
  return done;
}

// The create page's upload processing: ask for upload parameters, post
// the file straight to storage, finish, poll the status every 4 s up to 75 times, then initialize
// the clip. Cancelling before the finish skips it and stops before initialization.

import { setMetadataResponseSchema } from "../../../shared/api/clips.ts";
import {
  type AudioUpload,
  audioUploadSchema,
  createAudioUploadResponseSchema,
  initializeClipResponseSchema,
} from "../../../shared/api/uploads.ts";
import { extensionOf } from "../../../studio/uploads/drop-validation.ts";
import { postToStorage } from "../../../studio/uploads/upload-api.ts";
import { ApiError, apiRequest } from "../../account/api-request.ts";
import { i18n } from "../../i18n/i18n.ts";

export const UPLOAD_POLL_MS = 4000;
export const UPLOAD_POLL_TRIES = 75;

/** Why an upload stopped, in the shown language. */
export const uploadMessage = (reason: "timedOut" | "parametersFailed" | "copyright" | "invalid"): string =>
  i18n.t(`create:uploadProcess.${reason}`);

/** Why processing stopped; `kind` says which toast and modal the page shows. */
export class UploadFailure extends Error {
  override readonly name = "UploadFailure";
  constructor(
    readonly kind: "parameters" | "copyright" | "status" | "timeout" | "invalid" | "cancelled" | "network",
    message: string,
  ) {
    super(message);
  }
}

export interface UploadedAudio {
  readonly uploadId: string;
  readonly clipId: string;
  readonly title: string | null;
  readonly imageUrl: string | null;
  readonly hasVocal: boolean;
}

export interface UploadRequest {
  readonly file: File;
  /** The title from the trim stage, set on the clip once it exists. */
  readonly title?: string;
  /** file_upload or recording: how the audio was made. */
  readonly uploadType: "file_upload" | "recording";
  readonly signal: AbortSignal;
  readonly onStage?: (stage: "uploading" | "processing" | "initializing") => void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new UploadFailure("cancelled", "Upload cancelled"));
      },
      { once: true },
    );
  });
}

const checkCancelled = (signal: AbortSignal) => {
  if (signal.aborted) throw new UploadFailure("cancelled", "Upload cancelled");
};

async function requestParameters(file: File) {
  try {
    return await apiRequest("/api/uploads/audio/", createAudioUploadResponseSchema, {
      body: { extension: extensionOf(file.name) || "wav", is_stem_mix: false },
    });
  } catch (error) {
    if (error instanceof ApiError && error.body?.includes("copyright_infringment")) {
      throw new UploadFailure("copyright", uploadMessage("copyright"));
    }
    if (error instanceof ApiError && error.status === 400)
      throw new UploadFailure("parameters", error.detail);
    throw new UploadFailure("parameters", uploadMessage("parametersFailed"));
  }
}

async function pollStatus(uploadId: string, signal: AbortSignal): Promise<AudioUpload> {
  for (let attempt = 0; attempt < UPLOAD_POLL_TRIES; attempt++) {
    checkCancelled(signal);
    const status = await apiRequest(`/api/uploads/audio/${uploadId}/`, audioUploadSchema, { signal });
    if (status.status === "complete") return status;
    if (status.status === "error" || status.status === "invalid_upload") {
      throw new UploadFailure("status", status.error_message ?? "Upload failed");
    }
    if (status.status === "cancelled") throw new UploadFailure("cancelled", "Upload cancelled");
    await sleep(UPLOAD_POLL_MS, signal);
  }
  throw new UploadFailure("timeout", uploadMessage("timedOut"));
}

export async function processUpload(request: UploadRequest): Promise<UploadedAudio> {
  request.onStage?.("uploading");
  const form = await requestParameters(request.file);
  try {
    return await finishUpload(request, form);
  } catch (error) {
    // The server stops processing a cancelled upload; nothing is initialized from it.
    if (error instanceof UploadFailure && error.kind === "cancelled") {
      void fetch(`/api/uploads/audio/${form.id}/cancel/`, {
        method: "POST",
        credentials: "same-origin",
      }).catch(() => undefined);
    }
    throw error;
  }
}

async function finishUpload(
  request: UploadRequest,
  form: { readonly id: string; readonly url: string; readonly fields: Record<string, string> },
): Promise<UploadedAudio> {
  const { file, signal } = request;
  const posted = await postToStorage(form, file, signal).catch(() => {
    checkCancelled(signal);
    throw new UploadFailure("network", "The upload did not reach the server. Please try again.");
  });
  if (!posted.ok) throw new UploadFailure("status", `The upload was refused (${posted.status})`);
  checkCancelled(signal);
  await apiRequest(`/api/uploads/audio/${form.id}/upload-finish/`, audioUploadSchema, {
    body: { upload_type: request.uploadType, upload_filename: file.name },
  });
  request.onStage?.("processing");
  const done = await pollStatus(form.id, signal);
  checkCancelled(signal);
  request.onStage?.("initializing");
  let clipId: string;
  try {
    ({ clip_id: clipId } = await apiRequest(
      `/api/uploads/audio/${form.id}/initialize-clip/`,
      initializeClipResponseSchema,
      { body: {} },
    ));
  } catch {
    throw new UploadFailure("invalid", uploadMessage("invalid"));
  }
  if (request.title !== undefined) {
    await apiRequest(`/api/gen/${clipId}/set_metadata/`, setMetadataResponseSchema, {
      body: { title: request.title },
    }).catch((error: unknown) => console.warn("The title was not kept", error));
  }
  return {
    uploadId: form.id,
    clipId,
    title: request.title ?? done.title,
    imageUrl: done.image_url,
    hasVocal: done.has_vocal,
  };
}

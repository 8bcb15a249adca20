// The audio upload protocol from the page: ask for a form, post the file to
// storage with it, finish, poll while the server processes the audio, then make a song clip of it.

import {
  type AudioUpload,
  audioUploadSchema,
  createAudioUploadResponseSchema,
  initializeClipResponseSchema,
} from "../../shared/api/uploads.ts";
import { extensionOf } from "./drop-validation.ts";

export class UploadError extends Error {
  override readonly name = "UploadError";
  /** The server could not use the file (not audio it reads, too short, too long): nothing to retry. */
  readonly invalid: boolean;

  constructor(message: string, options: { invalid?: boolean } = {}) {
    super(message);
    this.invalid = options.invalid ?? false;
  }
}

/** A cancelled upload stops before its clip is made. */
export class UploadCancelled extends Error {
  override readonly name = "UploadCancelled";
}

/** Status polls: every second, for up to ten minutes of server-side processing. */
const POLL_MS = 1000;
const POLL_LIMIT = 600;

async function detailOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === "string" ? body.detail : null;
  } catch {
    return null;
  }
}

async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
}

export type UploadProgress = "uploading" | "processing";

export interface UploadedClip {
  readonly uploadId: string;
  readonly clipId: string;
}

/** Posts the file straight to storage with the fields of the form the server handed out (a presigned POST). */
export function postToStorage(
  form: { readonly url: string; readonly fields: Record<string, string> },
  file: File,
  signal?: AbortSignal,
): Promise<Response> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append("file", file, file.name);
  return fetch(new URL(form.url, window.location.href), {
    method: "POST",
    body: data,
    credentials: "same-origin",
    signal,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new UploadCancelled("Upload cancelled");
}

/** A stem mix's sources: the song it remixes and the songs and stems it is made of. */
export interface StemMixSources {
  readonly stem_remix_of_clip_id: string;
  readonly combined_from_clip_ids: readonly string[];
}

/** Uploads a file and makes a song of it; with `stemMix`, a song saved from the stem editor's mix. */
export async function uploadAudioFile(
  file: File,
  onProgress: (phase: UploadProgress, uploadId: string | null) => void,
  signal?: AbortSignal,
  stemMix?: StemMixSources,
): Promise<UploadedClip> {
  try {
    return await sendAudioFile(file, onProgress, signal, stemMix);
  } catch (error) {
    // An aborted fetch says so in its own words: the caller hears one thing, a cancellation.
    if (signal?.aborted) throw new UploadCancelled("Upload cancelled");
    throw error;
  }
}

async function sendAudioFile(
  file: File,
  onProgress: (phase: UploadProgress, uploadId: string | null) => void,
  signal: AbortSignal | undefined,
  stemMix: StemMixSources | undefined,
): Promise<UploadedClip> {
  onProgress("uploading", null);
  const created = await postJson(
    "/api/uploads/audio/",
    { extension: extensionOf(file.name) || "wav", ...(stemMix ? { is_stem_mix: true } : {}) },
    signal,
  );
  if (!created.ok) {
    const detail = await detailOf(created);
    if (detail?.includes("copyright")) throw new UploadError("Copyright infringement detected");
    throw new UploadError(detail ?? "Failed to fetch upload parameters");
  }
  const form = createAudioUploadResponseSchema.parse(await created.json());
  onProgress("uploading", form.id);

  const posted = await postToStorage(form, file, signal);
  if (!posted.ok) throw new UploadError((await detailOf(posted)) ?? "Upload failed");

  const finished = await postJson(
    `/api/uploads/audio/${form.id}/upload-finish/`,
    { upload_type: "file_upload", upload_filename: file.name },
    signal,
  );
  if (!finished.ok) throw new UploadError((await detailOf(finished)) ?? "Upload finish failed");
  onProgress("processing", form.id);

  let status: AudioUpload | null = null;
  for (let attempt = 0; attempt < POLL_LIMIT; attempt++) {
    const response = await fetch(`/api/uploads/audio/${form.id}/`, { credentials: "same-origin", signal });
    if (!response.ok) throw new UploadError("Status check failed");
    status = audioUploadSchema.parse(await response.json());
    if (status.status === "complete") break;
    if (status.status === "invalid_upload") {
      throw new UploadError(status.error_message ?? "Processing failed", { invalid: true });
    }
    if (status.status === "error") throw new UploadError(status.error_message ?? "Processing failed");
    if (status.status === "cancelled") throw new UploadError("Upload cancelled");
    await wait(POLL_MS);
    checkCancelled(signal);
  }
  if (status?.status !== "complete") throw new UploadError("Upload processing timed out");

  checkCancelled(signal);
  const initialized = stemMix
    ? await postJson(`/api/uploads/audio/${form.id}/initialize-stem-mix-clip`, stemMix, signal)
    : await postJson(`/api/uploads/audio/${form.id}/initialize-clip/`, {}, signal);
  // A clip the server cannot make of the file: the upload is invalid.
  if (!initialized.ok) {
    throw new UploadError((await detailOf(initialized)) ?? "Failed to initialize clip", { invalid: true });
  }
  const { clip_id } = initializeClipResponseSchema.parse(await initialized.json());
  return { uploadId: form.id, clipId: clip_id };
}

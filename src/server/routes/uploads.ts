import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  AUDIO_UPLOAD_MAX_BYTES,
  type CreateAudioUploadResponse,
  createAudioUploadBodySchema,
  type InitializeClipResponse,
  initializeClipBodySchema,
  initializeStemMixClipBodySchema,
  uploadFinishBodySchema,
  uploadIdParamsSchema,
} from "../../shared/api/uploads.ts";
import { VIDEO_TOO_LARGE } from "../../shared/api/video-uploads.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { checkStemMixSources, initializeUploadClip } from "../clips/upload-clip.ts";
import type { Database, UploadRow } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";
import { registerFormPostRoute, TOO_LARGE } from "../uploads/form-post-route.ts";
import { InFlight } from "../uploads/in-flight.ts";
import { UploadProcessor } from "../uploads/upload-processor.ts";
import {
  createUpload,
  findUpload,
  transitionUpload,
  uploadIdOfKey,
  uploadView,
} from "../uploads/upload-store.ts";
import { titleFromFilename } from "../uploads/upload-title.ts";
import { refuseVideoKey, videoUploadIdOfKey } from "../video/video-upload-store.ts";

/** How long a handed-out upload form stays good: enough for 500 MB on a slow line. */
const FORM_LIFETIME_S = 3600;

export interface UploadRouteOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** How long a shutdown waits for uploads arriving and being processed before cutting them off. */
  readonly shutdownGraceMs?: number;
}

const ALREADY: Partial<Record<UploadRow["status"], string>> = {
  cancelled: "This upload was cancelled",
  error: "This upload failed: start a new one",
  invalid_upload: "This upload failed: start a new one",
};

/**
 * The audio upload protocol (000 and 002, "Calls made"): ask for a form,
 * post the file to storage with it, finish, poll the status while the audio
 * is processed in the background, then make a clip of it. Cancel is ours:
 * the specs cancel on the page only.
 */
export function registerUploadRoutes(app: FastifyInstance, options: UploadRouteOptions): void {
  const { db, storage } = options;
  const processor = new UploadProcessor(db, storage, app.log);
  const streams = new InFlight();
  // Inside the 10 s main.ts gives a shutdown: what is cut off is resumed (processing) or retried (a file).
  const grace = options.shutdownGraceMs ?? 8_000;

  const ownUpload = async (request: FastifyRequest): Promise<UploadRow> => {
    const user = requireUser(request);
    const { upload_id } = parseInput(uploadIdParamsSchema, request.params, "path");
    const upload = await findUpload(db, upload_id);
    // Someone else's upload is not found, not forbidden: ids are not confirmed to strangers.
    if (!upload || upload.user_id !== user.id) throw notFound("Upload not found");
    return upload;
  };

  registerFormPostRoute(app, {
    storage,
    inFlight: streams,
    refuseKey: async (key) => {
      const videoId = videoUploadIdOfKey(key);
      if (videoId) return refuseVideoKey(db, videoId);
      const id = uploadIdOfKey(key);
      const upload = id ? await findUpload(db, id) : undefined;
      if (!upload) return "This upload no longer exists";
      if (upload.status === "uploading") return null;
      return ALREADY[upload.status] ?? "This upload is already finished";
    },
    tooLarge: (key) => (videoUploadIdOfKey(key) ? VIDEO_TOO_LARGE : TOO_LARGE),
  });

  app.post("/api/uploads/audio/", async (request) => {
    const user = requireUser(request);
    const body = parseInput(createAudioUploadBodySchema, request.body);
    const upload = await createUpload(db, {
      userId: user.id,
      extension: body.extension,
      isStemMix: body.is_stem_mix,
    });
    const form = await storage.presignPost(upload.original_key, {
      minBytes: 1,
      maxBytes: AUDIO_UPLOAD_MAX_BYTES,
      expiresInSeconds: FORM_LIFETIME_S,
    });
    const response: CreateAudioUploadResponse = { id: upload.id, url: form.url, fields: form.fields };
    return response;
  });

  app.post("/api/uploads/audio/:upload_id/upload-finish/", async (request) => {
    const upload = await ownUpload(request);
    const body = parseInput(uploadFinishBodySchema, request.body);
    const finished = await transitionUpload(db, upload.id, ["uploading"], {
      status: "initializing",
      upload_type: body.upload_type ?? null,
      upload_filename: body.upload_filename ?? null,
      title: titleFromFilename(body.upload_filename),
    });
    if (!finished) {
      const current = (await findUpload(db, upload.id)) ?? upload;
      throw conflict(ALREADY[current.status] ?? "This upload is already finished");
    }
    processor.enqueue(finished.id);
    return uploadView(finished);
  });

  app.get("/api/uploads/audio/:upload_id/", async (request) => uploadView(await ownUpload(request)));

  app.post("/api/uploads/audio/:upload_id/cancel/", async (request) => {
    const upload = await ownUpload(request);
    if (upload.status === "cancelled") return uploadView(upload);
    const cancelled = await transitionUpload(db, upload.id, ["uploading", "initializing"], {
      status: "cancelled",
    });
    if (!cancelled)
      throw conflict(`This upload is already ${upload.status === "complete" ? "complete" : "over"}`);
    processor.cancel(upload.id);
    await storage.delete(upload.original_key);
    return uploadView(cancelled);
  });

  app.post("/api/uploads/audio/:upload_id/initialize-clip/", async (request) => {
    const upload = await ownUpload(request);
    const body = parseInput(initializeClipBodySchema, request.body);
    const context = body.downbeats ? { downbeats: body.downbeats } : {};
    const response: InitializeClipResponse = {
      clip_id: await initializeUploadClip(db, storage, upload, context),
    };
    return response;
  });

  const initializeStemMix = async (request: FastifyRequest) => {
    const upload = await ownUpload(request);
    const body = parseInput(initializeStemMixClipBodySchema, request.body);
    if (!upload.is_stem_mix) throw badRequest("This upload was not started as a stem mix (is_stem_mix)");
    await checkStemMixSources(db, upload.user_id, [
      body.stem_remix_of_clip_id,
      ...body.combined_from_clip_ids,
    ]);
    const response: InitializeClipResponse = {
      clip_id: await initializeUploadClip(db, storage, upload, body),
    };
    return response;
  };
  // The studio spec writes this one path without the trailing slash the others have: both are taken.
  app.post("/api/uploads/audio/:upload_id/initialize-stem-mix-clip", initializeStemMix);
  app.post("/api/uploads/audio/:upload_id/initialize-stem-mix-clip/", initializeStemMix);

  app.addHook("onReady", async () => {
    void processor.resume().catch((error) => app.log.error({ err: error }, "cannot resume uploads"));
  });
  // preClose, not onClose: the database closes in an onClose hook that runs before ours would.
  app.addHook("preClose", async () => {
    await Promise.all([streams.settle(grace), processor.close(grace)]);
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { CreateAudioUploadResponse } from "../../shared/api/uploads.ts";
import { uploadIdParamsSchema } from "../../shared/api/uploads.ts";
import {
  createVideoUploadBodySchema,
  VIDEO_UPLOAD_MAX_BYTES,
  type VideoUpload,
  videoUploadFinishBodySchema,
} from "../../shared/api/video-uploads.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findOwnClip } from "../clips/clip-actions.ts";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { conflict, notFound } from "../http/errors.ts";
import { sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { enqueueJobs } from "../jobs/job-queue.ts";
import type { Storage } from "../storage/storage.ts";
import { VideoUploadService } from "../video/video-upload-service.ts";
import {
  createVideoUpload,
  findVideoUpload,
  PROCESS_VIDEO_UPLOAD_JOB,
  transitionVideoUpload,
  type VideoUploadRow,
  videoUploadView,
} from "../video/video-upload-store.ts";

/** How long a handed-out form stays good: the page gives up on an upload after 10 minutes. */
const FORM_LIFETIME_S = 900;
export const VIDEO_NOT_ARRIVED = "The video has not arrived yet: send the file with the form first";
export const VIDEO_ALREADY_FINISHED = "This upload is already finished";

const uploadFileParamsSchema = uploadIdParamsSchema.extend({
  file: z.enum(["thumbnail.jpg", "sprite.jpg"], { error: "Upload files are thumbnail.jpg and sprite.jpg" }),
});

export interface VideoUploadRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly concurrency?: number;
  readonly queue?: QueueTimings;
}

/**
 * The video upload protocol, as the audio one: ask for a form, post the file to storage with it
 * (the 200 MB limit is the form's, enforced while the file streams), finish, then poll while the
 * video is checked in the background (a queue job).
 */
export function registerVideoUploadRoutes(app: FastifyInstance, deps: VideoUploadRouteDeps): void {
  const { db, storage } = deps;
  const service = new VideoUploadService({
    db,
    storage,
    log: app.log,
    concurrency: deps.concurrency === 0 ? 0 : 1,
    queue: deps.queue,
  });
  app.addHook("onReady", async () => service.start());
  // preClose: running checks go back on the queue while the database is still open.
  app.addHook("preClose", async () => service.close());

  const ownUpload = async (request: FastifyRequest): Promise<VideoUploadRow> => {
    const user = requireUser(request);
    const { upload_id } = parseInput(uploadIdParamsSchema, request.params, "path");
    const upload = await findVideoUpload(db, upload_id);
    // Someone else's upload is not found, not forbidden: ids are not confirmed to strangers.
    if (!upload || upload.user_id !== user.id) throw notFound("Upload not found");
    return upload;
  };

  app.post("/api/uploads/video/", async (request): Promise<CreateAudioUploadResponse> => {
    const user = requireUser(request);
    const body = parseInput(createVideoUploadBodySchema, request.body);
    const upload = await createVideoUpload(db, user.id, body.extension);
    const form = await storage.presignPost(upload.original_key, {
      minBytes: 1,
      maxBytes: VIDEO_UPLOAD_MAX_BYTES,
      expiresInSeconds: FORM_LIFETIME_S,
    });
    return { id: upload.id, url: form.url, fields: form.fields };
  });

  app.post("/api/uploads/video/:upload_id/upload-finish/", async (request): Promise<VideoUpload> => {
    const upload = await ownUpload(request);
    const body = parseInput(videoUploadFinishBodySchema, request.body);
    if (body.clip_id) await findOwnClip(db, upload.user_id, body.clip_id);
    if (upload.status !== "uploading") throw conflict(VIDEO_ALREADY_FINISHED);
    if (!(await storage.stat(upload.original_key))) throw conflict(VIDEO_NOT_ARRIVED);
    const finished = await db.transaction().execute(async (trx) => {
      const row = await transitionVideoUpload(trx, upload.id, ["uploading"], {
        status: "uploading-complete",
        upload_type: body.upload_type ?? null,
        upload_filename: body.upload_filename ?? null,
        is_video_cover: body.is_video_cover ?? false,
        require_video_sprite: body.require_video_sprite ?? false,
        fail_task_on_moderation: body.fail_task_on_moderation ?? false,
        video_upload_type: body.video_upload_type ?? null,
        clip_id: body.clip_id ?? null,
      });
      if (row) await enqueueJobs(trx, [{ kind: PROCESS_VIDEO_UPLOAD_JOB, payload: { uploadId: row.id } }]);
      return row;
    });
    if (!finished) throw conflict(VIDEO_ALREADY_FINISHED);
    service.poke();
    return videoUploadView(finished);
  });

  app.get("/api/uploads/video/:upload_id/", async (request) => videoUploadView(await ownUpload(request)));

  app.get("/api/uploads/video/:upload_id/:file", async (request, reply) => {
    const upload = await ownUpload(request);
    const { file } = parseInput(uploadFileParamsSchema, request.params, "path");
    const key = file === "thumbnail.jpg" ? upload.thumbnail_key : upload.sprite_key;
    if (!key || upload.status !== "complete") throw notFound("This upload has no such file");
    return sendStored(storage, key, request.headers.range, reply);
  });
}

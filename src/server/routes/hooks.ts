import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { createHookBodySchema, type Hook, hookIdParamsSchema } from "../../shared/api/hooks.ts";
import { hookFormProblem, hookProblemDetail } from "../../shared/hooks/hook-rules.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findOwnClip } from "../clips/clip-actions.ts";
import type { Database, User } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";
import { HookService } from "../video/hook-service.ts";
import { hookView, insertHook, visibleHooks } from "../video/hook-store.ts";
import { findVideoUpload } from "../video/video-upload-store.ts";

export const HOOKS_NEED_FLAG = "Hooks are not available for this account yet";
export const HOOK_SONG_NOT_READY = "Only a finished song can have a hook";
export const HOOK_SONG_MISMATCH = "The hook's song and the song of its audio range must be the same";
export const HOOK_VIDEO_NOT_READY = "The video is still being checked: wait until its upload is complete";

export interface HookRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** Renders at once in this process; 0 leaves them to `npm run worker` processes. */
  readonly concurrency?: number;
  readonly queue?: QueueTimings;
}

const hookFileParamsSchema = hookIdParamsSchema.extend({ file: z.enum(["video.mp4", "thumbnail.jpg"]) });

const mayPostHooks = (user: User) => user.flags.includes("web-hooks-2025");

/** The user's own finished video upload, or the reason it cannot be used. */
async function ownFinishedUpload(db: Kysely<Database>, userId: string, uploadId: string) {
  const upload = await findVideoUpload(db, uploadId);
  // Someone else's upload is not found, not forbidden: ids are not confirmed to strangers.
  if (!upload || upload.user_id !== userId) throw notFound("Upload not found");
  if (upload.status !== "complete") throw conflict(HOOK_VIDEO_NOT_READY);
  return upload;
}

/** Hooks: create one (a render job), poll it, and serve its files to those who may see it. */
export function registerHookRoutes(app: FastifyInstance, deps: HookRouteDeps): void {
  const { db, storage } = deps;
  // One render at a time per process: ffmpeg keeps two threads busy while it runs.
  const service = new HookService({
    db,
    storage,
    log: app.log,
    concurrency: deps.concurrency === 0 ? 0 : 1,
    queue: deps.queue,
  });
  app.addHook("onReady", async () => service.start());
  // preClose: running renders go back on the queue while the database is still open.
  app.addHook("preClose", async () => service.close());

  const visibleHook = async (request: FastifyRequest) => {
    const { hook_id } = parseInput(hookIdParamsSchema, request.params, "path");
    const row = await visibleHooks(db, request.auth?.user ?? null)
      .where("hooks.id", "=", hook_id)
      .executeTakeFirst();
    if (!row) throw notFound("Hook not found");
    return row;
  };

  app.post("/api/video/hooks/create", async (request): Promise<{ id: string }> => {
    const user = requireUser(request);
    const body = parseInput(createHookBodySchema, request.body);
    const { song, videos } = body.video_render;
    if (song.song_id !== body.clip_id) throw badRequest(HOOK_SONG_MISMATCH);
    const clip = await findOwnClip(db, user.id, body.clip_id);
    if (!mayPostHooks(user)) throw forbidden(HOOKS_NEED_FLAG);
    if (clip.status !== "complete" || !clip.audio_key) throw conflict(HOOK_SONG_NOT_READY);
    const upload = await ownFinishedUpload(db, user.id, videos[0].upload_id);
    if (body.hook_publish.custom_thumbnail_s3_id)
      await ownFinishedUpload(db, user.id, body.hook_publish.custom_thumbnail_s3_id);
    const problem = hookFormProblem({
      videoDurationS: upload.duration_s,
      songDurationS: (clip.metadata as ClipMetadata).duration ?? null,
      videoRange: { startS: videos[0].source_start_time, endS: videos[0].source_end_time },
      audioRange: { startS: song.clip_start_time, endS: song.clip_end_time },
      songVolume: song.volume,
      videoVolume: videos[0].volume,
    });
    if (problem) throw badRequest(hookProblemDetail(problem));
    const id = await insertHook(db, user.id, body);
    service.poke();
    return { id };
  });

  app.get(
    "/api/video/hooks/:hook_id",
    async (request): Promise<Hook> => hookView(await visibleHook(request)),
  );

  app.get("/api/video/hooks/:hook_id/:file", async (request, reply) => {
    const { file } = parseInput(hookFileParamsSchema, request.params, "path");
    const row = await visibleHook(request);
    const key = file === "video.mp4" ? row.video_key : row.thumbnail_key;
    if (!key || row.status === "rendering" || row.status === "error")
      throw notFound("This hook has no such file");
    return sendStored(storage, key, request.headers.range, reply);
  });
}

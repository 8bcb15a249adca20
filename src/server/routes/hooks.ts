import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { createHookBodySchema, type Hook, hookIdParamsSchema } from "../../shared/api/hooks.ts";
import { hookFormProblem, hookProblemDetail } from "../../shared/hooks/hook-rules.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findOwnClip } from "../clips/clip-actions.ts";
import { ownImageKey } from "../clips/storage-keys.ts";
import type { Database, User } from "../db/schema.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { HookService } from "../video/hook-service.ts";
import { findVisibleHook } from "../video/hook-social-store.ts";
import { hookView, insertHook } from "../video/hook-store.ts";
import { registerVideoJobService, type VideoJobRouteDeps } from "../video/video-job-service.ts";
import { findVideoUpload } from "../video/video-upload-store.ts";
import { registerHookSocialRoutes } from "./hooks-social.ts";

export const HOOKS_NEED_FLAG = "Hooks are not available for this account yet";
export const HOOK_SONG_NOT_READY = "Only a finished song can have a hook";
export const HOOK_SONG_MISMATCH = "The hook's song and the song of its audio range must be the same";
export const HOOK_THUMBNAIL_MISSING = "The thumbnail image was not found: upload it again";
export const HOOK_VIDEO_NOT_READY = "The video is still being checked: wait until its upload is complete";

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
export function registerHookRoutes(app: FastifyInstance, deps: VideoJobRouteDeps): void {
  const { db, storage } = deps;
  const service = registerVideoJobService(app, deps, (options) => new HookService(options));

  registerHookSocialRoutes(app, db);

  const visibleHook = async (request: FastifyRequest) => {
    const { hook_id } = parseInput(hookIdParamsSchema, request.params, "path");
    return findVisibleHook(db, request.auth?.user ?? null, hook_id);
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
    const thumbnailId = body.hook_publish.custom_thumbnail_s3_id;
    const customThumbnailKey = thumbnailId
      ? await ownImageKey(storage, user.id, thumbnailId, HOOK_THUMBNAIL_MISSING)
      : null;
    const problem = hookFormProblem({
      videoDurationS: upload.duration_s,
      songDurationS: (clip.metadata as ClipMetadata).duration ?? null,
      videoRange: { startS: videos[0].source_start_time, endS: videos[0].source_end_time },
      audioRange: { startS: song.clip_start_time, endS: song.clip_end_time },
      songVolume: song.volume,
      videoVolume: videos[0].volume,
      thumbnailTimeS: body.hook_publish.thumbnail_time_s,
    });
    if (problem) throw badRequest(hookProblemDetail(problem));
    const id = await insertHook(db, user.id, body, customThumbnailKey);
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

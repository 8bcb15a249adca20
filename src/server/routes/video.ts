import type { FastifyInstance } from "fastify";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import type { SongVideo, SongVideoList } from "../../shared/api/video.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findOwnClip } from "../clips/clip-actions.ts";
import { hasPaidPlan } from "../create-support/paid-plan.ts";
import { conflict, forbidden } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { SongVideoService } from "../video/song-video-service.ts";
import { requestSongVideo, songVideoOf, songVideosOf } from "../video/song-video-store.ts";
import { registerVideoJobService, type VideoJobRouteDeps } from "../video/video-job-service.ts";

export const VIDEO_NEEDS_PLAN = "Song videos are a Pro and Premier feature: upgrade to make one";
export const VIDEO_NEEDS_COMPLETE_SONG = "Only a finished song can have a video";
/** The list's length: the latest renders asked for. */
const LIST_LIMIT = 100;

/** Song videos: ask for a render (a queue job), poll its status, list them. */
export function registerVideoRoutes(app: FastifyInstance, deps: VideoJobRouteDeps): void {
  const { db } = deps;
  const service = registerVideoJobService(app, deps, (options) => new SongVideoService(options));

  app.post("/api/video/generate/:clip_id/", async (request): Promise<SongVideo> => {
    const user = requireUser(request);
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findOwnClip(db, user.id, clip_id);
    if (!hasPaidPlan(user)) throw forbidden(VIDEO_NEEDS_PLAN);
    if (clip.status !== "complete" || !clip.audio_key) throw conflict(VIDEO_NEEDS_COMPLETE_SONG);
    await requestSongVideo(db, clip.id, user.id);
    service.poke();
    return songVideoOf(db, clip.id);
  });

  app.get("/api/video/generate/:clip_id/status/", async (request): Promise<SongVideo> => {
    const user = requireUser(request);
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findOwnClip(db, user.id, clip_id);
    return songVideoOf(db, clip.id);
  });

  app.get("/api/video_gen/videos", async (request): Promise<SongVideoList> => {
    const user = requireUser(request);
    return { videos: await songVideosOf(db, user.id, LIST_LIMIT) };
  });
}

import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import type { SongVideo, SongVideoList } from "../../shared/api/video.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findOwnClip } from "../clips/clip-actions.ts";
import { hasPaidPlan } from "../create-support/paid-plan.ts";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { conflict, forbidden } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";
import { SongVideoService } from "../video/song-video-service.ts";
import { requestSongVideo, songVideoOf, songVideosOf } from "../video/song-video-store.ts";

export const VIDEO_NEEDS_PLAN = "Song videos are a Pro and Premier feature: upgrade to make one";
export const VIDEO_NEEDS_COMPLETE_SONG = "Only a finished song can have a video";
/** The list's length: the latest renders asked for. */
const LIST_LIMIT = 100;

export interface VideoRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** Renders at once in this process; 0 leaves them to `npm run worker` processes. */
  readonly concurrency?: number;
  readonly queue?: QueueTimings;
}

/** Song videos: ask for a render (a queue job), poll its status, list them. */
export function registerVideoRoutes(app: FastifyInstance, deps: VideoRouteDeps): void {
  const { db } = deps;
  // One render at a time per process: ffmpeg keeps two threads busy while it runs.
  const service = new SongVideoService({
    db,
    storage: deps.storage,
    log: app.log,
    concurrency: deps.concurrency === 0 ? 0 : 1,
    queue: deps.queue,
  });
  app.addHook("onReady", async () => service.start());
  // preClose: running renders go back on the queue while the database is still open.
  app.addHook("preClose", async () => service.close());

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

import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_TOASTS } from "../../shared/api/hooks.ts";
import { storedAlignedWordsSchema } from "../generation/song-outputs.ts";
import { measureHook, moderationProblems } from "./hook-moderation.ts";
import { HOOK_RENDER_TIMEOUT_MS, renderHook } from "./hook-render.ts";
import {
  failHook,
  finishHook,
  type HookPayload,
  hookKeys,
  hookPayloadSchema,
  hookSource,
  RENDER_HOOK_JOB,
} from "./hook-store.ts";
import { FfmpegError, runFfmpeg } from "./run-ffmpeg.ts";
import {
  copyIn,
  MissingMedia,
  VIDEO_TEMP_PREFIX,
  VideoJobService,
  type VideoJobServiceOptions,
} from "./video-job-service.ts";
import { hookThumbnailTime } from "./video-rules.ts";

/** A hook that cannot be rendered, the same way on every try: no retry. */
class UnrenderableHook extends Error {}

/**
 * Renders hooks from the durable queue: the video's range and the song's range mixed by ffmpeg in
 * a temporary folder (removed whatever happens), then automatic moderation on the file made, then
 * the hook's end state: posted, failed moderation, or an error.
 */
export class HookService extends VideoJobService<HookPayload> {
  constructor(options: VideoJobServiceOptions) {
    super(options, RENDER_HOOK_JOB, hookPayloadSchema);
  }

  protected gaveUp(job: HookPayload, lastError: string): Promise<void> {
    return failHook(this.options.db, job.hookId, `${HOOK_TOASTS.renderFailed}: ${lastError}`);
  }

  protected async run(job: HookPayload, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.options;
    const source = await hookSource(db, job.hookId);
    // Deleted meanwhile, or already rendered by an earlier try: nothing to do.
    if (source?.status !== "rendering") return;
    const dir = await mkdtemp(join(tmpdir(), VIDEO_TEMP_PREFIX));
    const run = { cwd: dir, signal, timeoutMs: HOOK_RENDER_TIMEOUT_MS };
    try {
      if (!source.original_key || !source.extension) throw new UnrenderableHook("The video upload is gone");
      if (!source.audio_key) throw new UnrenderableHook("The song has no audio");
      const videoFile = `source.${source.extension}`;
      const audioFile = `song${/\.[a-z0-9]{1,5}$/i.exec(source.audio_key)?.[0] ?? ""}`;
      await copyIn(storage, source.original_key, join(dir, videoFile));
      await copyIn(storage, source.audio_key, join(dir, audioFile));
      const words = storedAlignedWordsSchema.safeParse(source.aligned_words ?? []);
      const hook = await renderHook(
        dir,
        {
          videoFile,
          audioFile,
          video: { startS: source.video_start_s, endS: source.video_end_s, volume: source.video_volume },
          song: { startS: source.song_start_s, endS: source.song_end_s, volume: source.song_volume },
          words: source.show_lyrics ? (words.success ? words.data : []) : null,
        },
        signal,
      );
      const problems = moderationProblems(await measureHook("hook.mp4", hook.durationS, run));
      const keys = hookKeys(job.hookId);
      let thumbnailKey = source.custom_thumbnail_key;
      if (!thumbnailKey) {
        const at = hookThumbnailTime(source.thumbnail_time_s, source.video_start_s, hook.durationS).toFixed(
          3,
        );
        await runFfmpeg(
          ["-y", "-ss", at, "-i", "hook.mp4", "-frames:v", "1", "-vf", "scale=360:-2", "thumb.jpg"],
          run,
        );
        await storage.put(keys.thumbnail, createReadStream(join(dir, "thumb.jpg")), {
          contentType: "image/jpeg",
        });
        thumbnailKey = keys.thumbnail;
      }
      await storage.put(keys.video, createReadStream(hook.file), { contentType: "video/mp4" });
      if (signal.aborted) return;
      // The folder goes before the state changes: a poll that sees the end sees no leftovers.
      await rm(dir, { recursive: true, force: true });
      await finishHook(db, job.hookId, {
        videoKey: keys.video,
        thumbnailKey,
        durationS: hook.info.durationS ?? hook.durationS,
        problems,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (
        error instanceof UnrenderableHook ||
        error instanceof MissingMedia ||
        error instanceof FfmpegError
      ) {
        this.options.log.error({ err: error, hook: job.hookId }, "hook render failed");
        await rm(dir, { recursive: true, force: true });
        return failHook(db, job.hookId, `${HOOK_TOASTS.renderFailed}: ${error.message}`);
      }
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { VIDEO_NOT_A_VIDEO, VIDEO_UPLOAD_FAILED } from "../../shared/api/video-uploads.ts";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { type JobHandler, JobWorker } from "../jobs/job-worker.ts";
import type { Storage } from "../storage/storage.ts";
import { probeMedia } from "./media-probe.ts";
import { FfmpegError, runFfmpeg } from "./run-ffmpeg.ts";
import { VIDEO_TEMP_PREFIX } from "./song-video-service.ts";
import { uploadedVideoProblem } from "./video-rules.ts";
import {
  PROCESS_VIDEO_UPLOAD_JOB,
  transitionVideoUpload,
  videoUploadKeys,
  videoUploadPayloadSchema,
} from "./video-upload-store.ts";

/** Each ffmpeg run of a check: a minute, well inside the 180 s the page waits for processing. */
const STEP_TIMEOUT_MS = 60_000;
/** The sprite: this many frames in a row, each this wide. */
const SPRITE_FRAMES = 10;
const SPRITE_FRAME_WIDTH = 160;

export interface VideoUploadServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly log: { error(object: unknown, message: string): void };
  readonly concurrency: number;
  readonly queue?: QueueTimings;
}

/** A video that fails a check: the upload's error, the same on every try. */
class RefusedVideo extends Error {}

/**
 * Processes finished video uploads from the durable queue: the file is probed (its container read,
 * nothing decoded), refused when it is no video, has no length or is past 4K or 60 fps; its first
 * seconds are decoded; then a thumbnail (and a sprite when asked) is made. Each in a temporary
 * folder removed whatever happens.
 */
export class VideoUploadService {
  readonly worker: JobWorker;

  constructor(private readonly options: VideoUploadServiceOptions) {
    const handler: JobHandler = {
      run: (payload, { signal }) => this.process(videoUploadPayloadSchema.parse(payload).uploadId, signal),
      gaveUp: async (payload) => {
        const parsed = videoUploadPayloadSchema.safeParse(payload);
        if (parsed.success)
          await transitionVideoUpload(
            options.db,
            parsed.data.uploadId,
            ["uploading-complete", "processing"],
            {
              status: "error",
              error_message: VIDEO_UPLOAD_FAILED,
            },
          );
      },
    };
    this.worker = new JobWorker({
      db: options.db,
      handlers: { [PROCESS_VIDEO_UPLOAD_JOB]: handler },
      concurrency: options.concurrency,
      log: options.log,
      ...options.queue,
    });
  }

  start(): Promise<void> {
    return this.worker.start();
  }

  poke(): void {
    this.worker.poke();
  }

  close(): Promise<void> {
    return this.worker.close();
  }

  private async process(uploadId: string, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.options;
    const upload = await transitionVideoUpload(db, uploadId, ["uploading-complete", "processing"], {
      status: "processing",
    });
    if (!upload) return;
    const dir = await mkdtemp(join(tmpdir(), VIDEO_TEMP_PREFIX));
    const run = { cwd: dir, signal, timeoutMs: STEP_TIMEOUT_MS };
    try {
      const original = `original.${upload.extension}`;
      await pipeline(await storage.read(upload.original_key), createWriteStream(join(dir, original)));
      if ((await stat(join(dir, original))).size === 0) throw new RefusedVideo(VIDEO_NOT_A_VIDEO);
      const info = await probeMedia(original, run).catch((error: unknown) => {
        throw error instanceof FfmpegError && !signal.aborted ? new RefusedVideo(VIDEO_NOT_A_VIDEO) : error;
      });
      const problem = uploadedVideoProblem(info);
      if (problem) throw new RefusedVideo(problem);
      const duration = info.durationS ?? 0;
      const decodes = await runFfmpeg(["-t", "2", "-i", original, "-map", "0:v:0", "-f", "null", "-"], run)
        .then(() => true)
        .catch(() => signal.aborted);
      if (!decodes) throw new RefusedVideo(VIDEO_NOT_A_VIDEO);
      const keys = videoUploadKeys(upload.user_id, upload.id, upload.extension);
      const at = Math.min(1, duration / 2).toFixed(3);
      await runFfmpeg(
        ["-y", "-ss", at, "-i", original, "-frames:v", "1", "-vf", "scale=320:-2", "thumbnail.jpg"],
        run,
      );
      await storage.put(keys.thumbnail, await readMade(dir, "thumbnail.jpg"), {
        contentType: "image/jpeg",
      });
      if (upload.require_video_sprite) {
        const every = `fps=${SPRITE_FRAMES}/${duration.toFixed(3)},scale=${SPRITE_FRAME_WIDTH}:-2,tile=${SPRITE_FRAMES}x1`;
        await runFfmpeg(["-y", "-i", original, "-vf", every, "-frames:v", "1", "sprite.jpg"], run);
        await storage.put(keys.sprite, await readMade(dir, "sprite.jpg"), {
          contentType: "image/jpeg",
        });
      }
      if (signal.aborted) return;
      // The folder goes before the state changes: a poll that sees the end sees no leftovers.
      await rm(dir, { recursive: true, force: true });
      await transitionVideoUpload(db, upload.id, ["processing"], {
        status: "complete",
        duration_s: duration,
        width: info.video?.width ?? null,
        height: info.video?.height ?? null,
        thumbnail_key: keys.thumbnail,
        sprite_key: upload.require_video_sprite ? keys.sprite : null,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const message =
        error instanceof RefusedVideo
          ? error.message
          : error instanceof FfmpegError
            ? VIDEO_UPLOAD_FAILED
            : null;
      if (message === null) throw error;
      if (!(error instanceof RefusedVideo))
        this.options.log.error({ err: error, upload: uploadId }, "video upload failed");
      await rm(dir, { recursive: true, force: true });
      await transitionVideoUpload(db, upload.id, ["processing"], { status: "error", error_message: message });
      // The refused file is kept no longer than its check.
      await storage.delete(upload.original_key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A small file ffmpeg made, as a stream to store; missing when ffmpeg made no picture. */
async function readMade(dir: string, name: string): Promise<Readable> {
  const bytes = await readFile(join(dir, name)).catch(() => {
    throw new RefusedVideo(VIDEO_NOT_A_VIDEO);
  });
  return Readable.from([bytes]);
}

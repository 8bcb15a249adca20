import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { VIDEO_NOT_A_VIDEO, VIDEO_UPLOAD_FAILED } from "../../shared/api/video-uploads.ts";
import { probeMedia } from "./media-probe.ts";
import { FfmpegError, runFfmpeg } from "./run-ffmpeg.ts";
import {
  copyOut,
  VIDEO_TEMP_PREFIX,
  VideoJobService,
  type VideoJobServiceOptions,
} from "./video-job-service.ts";
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

/** A video that fails a check: the upload's error, the same on every try. */
class RefusedVideo extends Error {}

/**
 * Processes finished video uploads from the durable queue: the file is probed (its container read,
 * nothing decoded), refused when it is no video, has no length or is past 4K or 60 fps; its first
 * seconds are decoded; then a thumbnail (and a sprite when asked) is made. Each in a temporary
 * folder removed whatever happens.
 */
export class VideoUploadService extends VideoJobService<{ uploadId: string }> {
  constructor(options: VideoJobServiceOptions) {
    super(options, PROCESS_VIDEO_UPLOAD_JOB, videoUploadPayloadSchema);
  }

  protected async gaveUp(job: { uploadId: string }): Promise<void> {
    await transitionVideoUpload(this.options.db, job.uploadId, ["uploading-complete", "processing"], {
      status: "error",
      error_message: VIDEO_UPLOAD_FAILED,
    });
  }

  protected async run({ uploadId }: { uploadId: string }, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.options;
    const upload = await transitionVideoUpload(db, uploadId, ["uploading-complete", "processing"], {
      status: "processing",
    });
    if (!upload) return;
    const dir = await mkdtemp(join(tmpdir(), VIDEO_TEMP_PREFIX));
    const run = { cwd: dir, signal, timeoutMs: STEP_TIMEOUT_MS };
    try {
      const original = `original.${upload.extension}`;
      if ((await copyOut(storage, upload.original_key, join(dir, original))) === 0)
        throw new RefusedVideo(VIDEO_NOT_A_VIDEO);
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

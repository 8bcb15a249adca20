import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VIDEO_GENERATION_ERROR } from "../../shared/api/video.ts";
import { storedAlignedWordsSchema } from "../generation/song-outputs.ts";
import { FfmpegError } from "./run-ffmpeg.ts";
import { renderSongVideo } from "./song-video-render.ts";
import {
  completeSongVideo,
  failSongVideo,
  RENDER_SONG_VIDEO_JOB,
  type SongVideoPayload,
  songVideoPayloadSchema,
  songVideoSource,
} from "./song-video-store.ts";
import {
  copyIn,
  MissingMedia,
  VIDEO_TEMP_PREFIX,
  VideoJobService,
  type VideoJobServiceOptions,
} from "./video-job-service.ts";

/** A song that cannot be rendered, the same way on every try: no retry. */
class UnrenderableSong extends Error {}

/**
 * Renders song videos from the durable queue, each in its own temporary folder (removed whatever
 * happens) by a limited ffmpeg child process (run-ffmpeg.ts).
 */
export class SongVideoService extends VideoJobService<SongVideoPayload> {
  constructor(options: VideoJobServiceOptions) {
    super(options, RENDER_SONG_VIDEO_JOB, songVideoPayloadSchema);
  }

  protected gaveUp(job: SongVideoPayload, lastError: string): Promise<void> {
    return failSongVideo(this.options.db, job.clipId, lastError);
  }

  protected async run(job: SongVideoPayload, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.options;
    const dir = await mkdtemp(join(tmpdir(), VIDEO_TEMP_PREFIX));
    try {
      const source = await songVideoSource(db, job.clipId);
      // The song was deleted meanwhile: nothing to render, nothing to report.
      if (!source) return;
      if (!source.audio_key) throw new UnrenderableSong("The song has no audio");
      const audioFile = `audio${extensionOf(source.audio_key)}`;
      await copyIn(storage, source.audio_key, join(dir, audioFile));
      const coverFile = source.image_key ? `cover${extensionOf(source.image_key)}` : null;
      if (source.image_key && coverFile) await copyIn(storage, source.image_key, join(dir, coverFile));
      const words = storedAlignedWordsSchema.safeParse(source.aligned_words ?? []);
      const video = await renderSongVideo(
        dir,
        {
          audioFile,
          coverFile,
          title: source.title,
          handle: source.handle,
          words: words.success ? words.data : [],
        },
        signal,
      );
      if (signal.aborted) return;
      // A new key per render: its URL changes, so no cache serves the previous video.
      const key = `clips/${job.clipId}/video-${randomUUID().slice(0, 8)}.mp4`;
      await storage.put(key, createReadStream(video.file), { contentType: "video/mp4" });
      // The folder goes before the state changes: a poll that sees the end sees no leftovers.
      await rm(dir, { recursive: true, force: true });
      await completeSongVideo(db, job.clipId, key);
      if (source.video_key && source.video_key !== key) await storage.delete(source.video_key);
    } catch (error) {
      if (signal.aborted) throw error;
      if (
        error instanceof UnrenderableSong ||
        error instanceof MissingMedia ||
        error instanceof FfmpegError
      ) {
        this.options.log.error({ err: error, clip: job.clipId }, "song video render failed");
        await rm(dir, { recursive: true, force: true });
        return failSongVideo(db, job.clipId, `${VIDEO_GENERATION_ERROR}: ${error.message}`);
      }
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

const extensionOf = (key: string) => /\.[a-z0-9]{1,5}$/i.exec(key)?.[0] ?? "";

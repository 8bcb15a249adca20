import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { VIDEO_GENERATION_ERROR } from "../../shared/api/video.ts";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { storedAlignedWordsSchema } from "../generation/song-outputs.ts";
import { type JobHandler, JobWorker } from "../jobs/job-worker.ts";
import type { Storage } from "../storage/storage.ts";
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

export interface SongVideoServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly log: { error(object: unknown, message: string): void };
  /** Renders at once in this process (0: other processes render them). */
  readonly concurrency: number;
  readonly queue?: QueueTimings;
}

/** A song that cannot be rendered, the same way on every try: no retry. */
class UnrenderableSong extends Error {}

/** Temporary folders of renders start with this, under the OS's temporary folder. */
export const VIDEO_TEMP_PREFIX = "tunesmith-video-";

/**
 * Renders song videos from the durable queue, each in its own temporary folder (removed whatever
 * happens) by a limited ffmpeg child process (run-ffmpeg.ts).
 */
export class SongVideoService {
  readonly worker: JobWorker;

  constructor(private readonly options: SongVideoServiceOptions) {
    const handler: JobHandler = {
      run: (payload, { signal }) => this.render(songVideoPayloadSchema.parse(payload), signal),
      gaveUp: async (payload, lastError) => {
        const parsed = songVideoPayloadSchema.safeParse(payload);
        if (parsed.success) await failSongVideo(options.db, parsed.data.clipId, lastError);
      },
    };
    this.worker = new JobWorker({
      db: options.db,
      handlers: { [RENDER_SONG_VIDEO_JOB]: handler },
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

  private async render(job: SongVideoPayload, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.options;
    const dir = await mkdtemp(join(tmpdir(), VIDEO_TEMP_PREFIX));
    try {
      const source = await songVideoSource(db, job.clipId);
      // The song was deleted meanwhile: nothing to render, nothing to report.
      if (!source) return;
      if (!source.audio_key) throw new UnrenderableSong("The song has no audio");
      const audioFile = `audio${extensionOf(source.audio_key)}`;
      await copyOut(storage, source.audio_key, join(dir, audioFile));
      const coverFile = source.image_key ? `cover${extensionOf(source.image_key)}` : null;
      if (source.image_key && coverFile) await copyOut(storage, source.image_key, join(dir, coverFile));
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
      if (error instanceof UnrenderableSong || error instanceof FfmpegError) {
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

/** A stored object copied into a local file, for ffmpeg to read. */
async function copyOut(storage: Storage, key: string, path: string): Promise<void> {
  if (!(await storage.stat(key))) throw new UnrenderableSong(`The song's file ${key} is missing`);
  await pipeline(await storage.read(key), createWriteStream(path));
  if ((await stat(path)).size === 0) throw new UnrenderableSong(`The song's file ${key} is empty`);
}

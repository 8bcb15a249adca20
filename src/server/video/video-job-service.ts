import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { JobWorker } from "../jobs/job-worker.ts";
import type { Storage } from "../storage/storage.ts";

/** Temporary folders of video work start with this, under the OS's temporary folder. */
export const VIDEO_TEMP_PREFIX = "tunesmith-video-";

export interface VideoJobServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly log: { error(object: unknown, message: string): void };
  /** Jobs at once in this process (0: other processes run them). */
  readonly concurrency: number;
  readonly queue?: QueueTimings;
}

/**
 * A kind of video job taken from the durable queue: its payload checked by `schema`, run by `run`,
 * and `gaveUp` told when its tries are spent.
 */
export abstract class VideoJobService<Payload> {
  readonly worker: JobWorker;

  constructor(
    protected readonly options: VideoJobServiceOptions,
    kind: string,
    schema: z.ZodType<Payload>,
  ) {
    this.worker = new JobWorker({
      db: options.db,
      handlers: {
        [kind]: {
          run: (payload, { signal }) => this.run(schema.parse(payload), signal),
          gaveUp: async (payload, lastError) => {
            const parsed = schema.safeParse(payload);
            if (parsed.success) await this.gaveUp(parsed.data, lastError);
          },
        },
      },
      concurrency: options.concurrency,
      log: options.log,
      ...options.queue,
    });
  }

  protected abstract run(payload: Payload, signal: AbortSignal): Promise<void>;
  protected abstract gaveUp(payload: Payload, lastError: string): Promise<void>;

  start(): Promise<void> {
    return this.worker.start();
  }

  /** A job was just queued here: look for it now rather than at the next poll. */
  poke(): void {
    this.worker.poke();
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}

/** What a route file running video jobs is given. */
export interface VideoJobRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** Jobs at once in this process; 0 leaves them to `npm run worker` processes. */
  readonly concurrency?: number;
  readonly queue?: QueueTimings;
}

/**
 * A video job service made for the app and started and closed with it. One job at a time per
 * process, whatever the concurrency asked: ffmpeg keeps two threads busy while it runs.
 */
export function registerVideoJobService<Service extends VideoJobService<never>>(
  app: FastifyInstance,
  deps: VideoJobRouteDeps,
  make: (options: VideoJobServiceOptions) => Service,
): Service {
  const service = make({
    db: deps.db,
    storage: deps.storage,
    log: app.log,
    concurrency: deps.concurrency === 0 ? 0 : 1,
    queue: deps.queue,
  });
  app.addHook("onReady", async () => service.start());
  // preClose: running work goes back on the queue while the database is still open.
  app.addHook("preClose", async () => service.close());
  return service;
}

/** A stored object copied into a local file for ffmpeg; answers its size (0: an empty file). */
export async function copyOut(storage: Storage, key: string, path: string): Promise<number> {
  await pipeline(await storage.read(key), createWriteStream(path));
  return (await stat(path)).size;
}

/** A render's input that is missing or empty: the same on every try, so the job is not retried. */
export class MissingMedia extends Error {}

/** A stored file copied into a render's folder; a missing or empty one is MissingMedia. */
export async function copyIn(storage: Storage, key: string, path: string): Promise<void> {
  if (!(await storage.stat(key))) throw new MissingMedia(`The file ${key} is missing`);
  if ((await copyOut(storage, key, path)) === 0) throw new MissingMedia(`The file ${key} is empty`);
}

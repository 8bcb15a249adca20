import type { Kysely } from "kysely";
import { readStored } from "../clips/clip-audio.ts";
import { updateClip } from "../clips/clip-store.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import type { QueueTimings } from "../generation/generation-service.ts";
import { putBytes } from "../generation/song-outputs.ts";
import { type JobHandler, JobWorker } from "../jobs/job-worker.ts";
import type { Storage } from "../storage/storage.ts";
import { runSeparationThread, SeparationError } from "./run-separation-thread.ts";
import type { SeparatedStem } from "./separate-audio.ts";
import {
  SEPARATE_STEMS_JOB,
  type SeparateStemsPayload,
  separateStemsPayloadSchema,
} from "./separation-job.ts";
import { SeparationServer, type SeparationServerSetting } from "./separation-server.ts";

/** The stem clips' error text when the separation failed for good. */
export const SEPARATION_FAILED = "An error occurred separating this song into stems.";
/** Ten times a 10-minute song's separation on a loaded machine: only a stuck thread takes longer. */
const SEPARATION_TIMEOUT_MS = 10 * 60_000;

export interface SeparationServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** Pushes the clips' current JSON to their owner's realtime channel. */
  readonly publish: (userId: string, clipIds: readonly string[]) => Promise<void>;
  readonly log: { error(object: unknown, message: string): void };
  /** Separations at once in this process (0: none, other processes run them). */
  readonly concurrency: number;
  readonly queue?: QueueTimings;
  readonly exclusiveDatabase?: boolean;
  /** An external separation server (SEPARATION_URL) tried first; ours when it is unset or fails. */
  readonly separationServer?: SeparationServerSetting;
}

const UNFINISHED = ["queued", "submitted", "processing", "streaming"] as const;

/**
 * Separates songs into their stem clips, taking the jobs from the durable queue like the
 * generation does: a server or worker dying mid-song hands the job to another, or to its next start.
 * The DSP work runs in a thread per song (run-separation-thread.ts).
 */
export class SeparationService {
  readonly worker: JobWorker;
  private readonly server: SeparationServer | null;

  constructor(private readonly options: SeparationServiceOptions) {
    this.server = options.separationServer ? new SeparationServer(options.separationServer) : null;
    const handler: JobHandler = {
      run: (payload, { signal }) => this.separate(separateStemsPayloadSchema.parse(payload), signal),
      gaveUp: async (payload, lastError) => {
        const parsed = separateStemsPayloadSchema.safeParse(payload);
        if (parsed.success) await this.fail(parsed.data, SEPARATION_FAILED, lastError);
      },
    };
    this.worker = new JobWorker({
      db: options.db,
      handlers: { [SEPARATE_STEMS_JOB]: handler },
      concurrency: options.concurrency,
      log: options.log,
      ...options.queue,
      exclusiveDatabase: options.exclusiveDatabase,
    });
  }

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

  private async separate(job: SeparateStemsPayload, signal: AbortSignal): Promise<void> {
    const { db, storage, publish } = this.options;
    if ((await this.waitingIn(db, job)).length === 0) return;
    const bytes = await readStored(storage, job.audioKey);
    let stems: readonly { readonly name: SeparatedStem; readonly wav: Uint8Array }[];
    try {
      stems = await this.separated(bytes, signal, job);
    } catch (error) {
      // Audio that cannot be read fails the same way every time: no retry.
      if (error instanceof SeparationError && !signal.aborted)
        return this.fail(job, error.message, error.message);
      throw error;
    }
    if (signal.aborted) return;
    const keys = new Map<string, string>();
    for (const stem of job.stems) {
      const wav = stems.find((made) => made.name === stem.name)?.wav;
      if (!wav) throw new Error(`The separation made no ${stem.name} stem`);
      const key = clipMediaKey(stem.clipId, "audio", "wav");
      await putBytes(storage, key, wav, "audio/wav");
      keys.set(stem.clipId, key);
    }
    const done = await db.transaction().execute(async (trx) => {
      const ids = await this.waitingIn(trx, job);
      for (const id of ids) await updateClip(trx, id, { status: "complete", audioKey: keys.get(id) });
      return ids;
    });
    if (done.length > 0) await publish(job.userId, done);
  }

  /** The stems from the separation server when there is one and it answers, else from our own thread. */
  private async separated(bytes: Buffer, signal: AbortSignal, job: SeparateStemsPayload) {
    if (this.server) {
      try {
        return await this.server.separate(bytes, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        this.options.log.error(
          { song: job.songId, detail: error instanceof Error ? error.message : String(error) },
          "the separation server failed: separating here",
        );
      }
    }
    const run = runSeparationThread(bytes, SEPARATION_TIMEOUT_MS);
    const stop = () => run.stop();
    signal.addEventListener("abort", stop, { once: true });
    try {
      return await run.result;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  /** The job's stem clips still waiting (deleted or finished ones are left alone), held in `trx`. */
  private async waitingIn(trx: Kysely<Database>, job: SeparateStemsPayload): Promise<string[]> {
    const rows = await trx
      .selectFrom("clips")
      .select("id")
      .where(
        "id",
        "in",
        job.stems.map((stem) => stem.clipId),
      )
      .where("status", "in", [...UNFINISHED])
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }

  /** The waiting stem clips fail with `message` (what their owner reads); `detail` goes to the log. */
  private async fail(job: SeparateStemsPayload, message: string, detail: string): Promise<void> {
    const { db, publish, log } = this.options;
    log.error({ song: job.songId, detail }, "separation failed");
    const failed = await db.transaction().execute(async (trx) => {
      const ids = await this.waitingIn(trx, job);
      for (const id of ids) {
        await updateClip(trx, id, {
          status: "error",
          metadata: { error_type: "separation_error", error_message: message },
        });
      }
      return ids;
    });
    if (failed.length > 0) await publish(job.userId, failed);
  }
}

import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { GeneratedSong, Generator } from "../../generator/generator.ts";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { type JobHandler, JobWorker, NotYet } from "../jobs/job-worker.ts";
import type { Backoff } from "../jobs/retry-backoff.ts";
import type { Storage } from "../storage/storage.ts";
import { markComplete, markStreaming } from "./clip-progress.ts";
import {
  admitQueuedClip,
  failClip,
  GENERATE_CLIP_JOB,
  type JobSubmission,
  type SubmittedJob,
  submitJob,
} from "./job-store.ts";
import { mixWav, storeSongOutputs } from "./song-outputs.ts";
import { buildSongRequest } from "./song-request-builder.ts";
import { storedAudioEdit } from "./stored-edits.ts";
import { readStoredPlan } from "./stored-plan.ts";
import { StreamingAudio } from "./streaming-audio.ts";

/** The clip error text users see for any failure but moderation. */
export const CLIP_ERROR_MESSAGE = "An error occurred generating a clip.";
const INTERRUPTED_MESSAGE = "The server stopped while this song was being made. Your credits were refunded.";
/** A queued clip whose owner is at the rendering limit looks again this much later. */
const ADMIT_AGAIN_MS = 1_000;

/** The queue job of one clip to render (kind GENERATE_CLIP_JOB). */
export const generateClipPayloadSchema = z.object({
  clipId: z.uuid(),
  /** The owner's plan's songs rendering at once, as it was when the job was submitted. */
  renderingLimit: z.number().int().min(1),
});

export interface GenerationServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly generator: Generator;
  /** Pushes the clips' current JSON to their owner's realtime channel. */
  readonly publish: (userId: string, clipIds: readonly string[]) => Promise<void>;
  readonly log: { error(object: unknown, message: string): void };
  /** Generations rendering at once in this process (0: none, the API only); by default the cores less one. */
  readonly concurrency?: number;
  /** Queue timings (tests shorten them). */
  readonly queue?: QueueTimings;
  /** The embedded database, which only this process opens (see JobWorkerOptions). */
  readonly exclusiveDatabase?: boolean;
}

export interface QueueTimings {
  readonly leaseSeconds?: number;
  readonly pollMs?: number;
  readonly backoff?: Backoff;
}

/** Generations rendering at once when nothing says otherwise: one core is left for the API. */
export const defaultGenerationConcurrency = () => Math.max(1, availableParallelism() - 1);

/**
 * Renders the clips of generation jobs taken from the durable queue (job-queue.ts), in this process:
 * the API server's own, or a separate `npm run worker`. A clip whose worker died mid-song is taken up
 * again from the start (the same seed gives the same song) by another worker or the next start; its
 * credits, taken once at submission, are refunded only if it fails for good.
 */
export class GenerationService {
  readonly worker: JobWorker;

  constructor(private readonly options: GenerationServiceOptions) {
    const handler: JobHandler = {
      run: (payload, { signal }) =>
        this.runClip(generateClipPayloadSchema.parse(payload).clipId, payload, signal),
      gaveUp: async (payload, lastError) => {
        const parsed = generateClipPayloadSchema.safeParse(payload);
        if (!parsed.success) return;
        const userId = await this.ownerOf(parsed.data.clipId);
        const failed = await failClip(options.db, parsed.data.clipId, {
          type: "interrupted",
          message: INTERRUPTED_MESSAGE,
          detail: lastError,
        });
        if (failed && userId) await options.publish(userId, [parsed.data.clipId]);
      },
    };
    this.worker = new JobWorker({
      db: options.db,
      handlers: { [GENERATE_CLIP_JOB]: handler },
      concurrency: options.concurrency ?? defaultGenerationConcurrency(),
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

  /**
   * Creates a job's clips and takes its credits in one transaction (submitJob), starts on it here,
   * and tells the owner's pages of the new clips.
   */
  async submit(submission: JobSubmission): Promise<SubmittedJob> {
    const refusal = this.options.generator.refusal?.(submission.plan.task);
    if (refusal) throw badRequest(refusal);
    const job = await submitJob(this.options.db, submission);
    this.poke();
    void this.options.publish(
      submission.user.id,
      job.clips.map((clip) => clip.clipId),
    );
    return job;
  }

  private async ownerOf(clipId: string): Promise<string | null> {
    const row = await this.options.db
      .selectFrom("clips")
      .select("user_id")
      .where("id", "=", clipId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  private async runClip(clipId: string, payload: unknown, signal: AbortSignal): Promise<void> {
    const { db, storage, generator, publish } = this.options;
    const row = await db
      .selectFrom("generated_clips")
      .innerJoin("generation_jobs", "generation_jobs.id", "generated_clips.job_id")
      .select([
        "generated_clips.seed",
        "generated_clips.state",
        "generation_jobs.plan",
        "generation_jobs.user_id",
      ])
      .where("generated_clips.clip_id", "=", clipId)
      .executeTakeFirst();
    // Deleted, or already over: nothing to do.
    if (!row || row.state === "complete" || row.state === "error") return;
    const userId = row.user_id;
    const publishClip = () => publish(userId, [clipId]);
    if (row.state === "queued") {
      const { renderingLimit } = generateClipPayloadSchema.parse(payload);
      if (!(await admitQueuedClip(db, clipId, userId, renderingLimit))) throw new NotYet(ADMIT_AGAIN_MS);
      await publishClip();
    }
    const streaming = new StreamingAudio(storage, clipId, async (key, seconds) => {
      if (!signal.aborted && (await markStreaming(db, clipId, key, seconds))) await publishClip();
    });
    try {
      let song: Omit<GeneratedSong, "mix">;
      let wav: Uint8Array;
      try {
        const plan = readStoredPlan(row.plan);
        // A crop or fade of a song kept as 16-bit WAV is cut from its bytes here; the rest is generated.
        const cut = await storedAudioEdit(db, storage, plan, row.seed);
        if (cut) ({ song, wav } = cut);
        else {
          const request = await buildSongRequest(db, storage, plan, row.seed);
          const generated = await generator.generate(request, (progress) => streaming.add(progress), signal);
          await streaming.settle();
          song = generated;
          wav = mixWav(generated.mix);
        }
      } catch (error) {
        // Stopped (shutdown, or the job taken over): the clip stays as it is for the next worker.
        if (signal.aborted) return;
        await streaming.settle();
        // The request or the generator failed: trying again would fail the same way.
        const detail = error instanceof Error ? error.message : String(error);
        if (await failClip(db, clipId, { type: "generation_error", message: CLIP_ERROR_MESSAGE, detail })) {
          await publishClip();
        }
        return;
      }
      if (signal.aborted) return;
      // Storing can fail for a passing reason (storage or database away): thrown, the try is retried.
      const keys = await storeSongOutputs(db, storage, clipId, song, wav);
      if (await markComplete(db, clipId, song, keys)) await publishClip();
      // Listeners' responses end once the clip says it is complete, so a player at the end knows it is the end.
      streaming.finish();
      await streaming.discard();
    } finally {
      streaming.finish();
    }
  }

  /** Stops taking work and hands running generations back to the queue, then frees the generator. */
  async close(): Promise<void> {
    await this.worker.close();
    await this.options.generator.close();
  }
}

import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import type { Generator } from "../../generator/generator.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { markComplete, markStreaming } from "./clip-progress.ts";
import { failClip, type SubmittedJob, setClipState, staleClips, touchJobs } from "./job-store.ts";
import { storeSongOutputs } from "./song-outputs.ts";
import { buildSongRequest } from "./song-request-builder.ts";
import { readStoredPlan } from "./stored-plan.ts";
import { StreamingAudio } from "./streaming-audio.ts";

/** A job's heartbeat older than this means its server is gone: its clips are failed and refunded. */
export const STALE_JOB_SECONDS = 60;
const HEARTBEAT_MS = 10_000;
const SWEEP_MS = 30_000;
/** On shutdown, how long running generations get to notice they were stopped. */
const STOP_GRACE_MS = 5_000;

/** The clip error text users see for any failure but moderation. */
export const CLIP_ERROR_MESSAGE = "An error occurred generating a clip.";
const INTERRUPTED_MESSAGE = "The server stopped while this song was being made. Your credits were refunded.";

interface WorkItem {
  readonly clipId: string;
  readonly jobId: string;
  readonly userId: string;
  readonly renderingLimit: number;
}

export interface GenerationServiceOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly generator: Generator;
  /** Pushes the clips' current JSON to their owner's realtime channel. */
  readonly publish: (userId: string, clipIds: readonly string[]) => Promise<void>;
  readonly log: { error(object: unknown, message: string): void };
  /** Generations rendering at once in this process; by default one core is left for the API. */
  readonly concurrency?: number;
}

/**
 * Runs generation jobs in this process: a FIFO of admitted clips served by a few slots, and per
 * user a line of queued clips admitted as the user's earlier ones finish. The database holds every
 * state; this process keeps its jobs' heartbeats fresh and, on start and then regularly, fails and
 * refunds the clips of jobs whose server died.
 */
export class GenerationService {
  private readonly slots: number;
  private readonly ready: WorkItem[] = [];
  private readonly waiting = new Map<string, WorkItem[]>();
  private readonly admitted = new Map<string, number>();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly jobClips = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly options: GenerationServiceOptions) {
    this.slots = options.concurrency ?? Math.max(1, availableParallelism() - 1);
  }

  get generatorName(): string {
    return this.options.generator.name;
  }

  /** Starts the heartbeat and the sweep for jobs of dead servers (one sweep at once). */
  start(): void {
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        work().catch((error) => this.options.log.error({ err: error }, "generation housekeeping failed"));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => touchJobs(this.options.db, [...this.jobClips.keys()]));
    every(SWEEP_MS, () => this.sweepStale());
    this.sweepStale().catch((error) => this.options.log.error({ err: error }, "generation sweep failed"));
  }

  /** Takes a just-submitted job's clips: submitted ones wait for a slot, queued ones for the user's turn. */
  enqueue(job: SubmittedJob, userId: string, renderingLimit: number): void {
    if (this.stopped) return;
    this.jobClips.set(job.jobId, (this.jobClips.get(job.jobId) ?? 0) + job.clips.length);
    for (const clip of job.clips) {
      const item = { clipId: clip.clipId, jobId: job.jobId, userId, renderingLimit };
      if (clip.state === "submitted") {
        this.admitted.set(userId, (this.admitted.get(userId) ?? 0) + 1);
        this.ready.push(item);
      } else {
        const line = this.waiting.get(userId) ?? [];
        line.push(item);
        this.waiting.set(userId, line);
      }
    }
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.running.size < this.slots && this.ready.length > 0) {
      const item = this.ready.shift() as WorkItem;
      const controller = new AbortController();
      const done = this.run(item, controller.signal)
        .catch((error) => this.options.log.error({ err: error }, "generation bookkeeping failed"))
        .finally(() => this.finished(item));
      this.running.set(item.clipId, { controller, done });
    }
  }

  private finished(item: WorkItem): void {
    this.running.delete(item.clipId);
    this.admitted.set(item.userId, Math.max(0, (this.admitted.get(item.userId) ?? 1) - 1));
    const left = (this.jobClips.get(item.jobId) ?? 1) - 1;
    if (left > 0) this.jobClips.set(item.jobId, left);
    else this.jobClips.delete(item.jobId);
    if (this.stopped) return;
    void this.admitWaiting(item.userId).finally(() => this.pump());
  }

  private async admitWaiting(userId: string): Promise<void> {
    const line = this.waiting.get(userId);
    while (line && line.length > 0 && (this.admitted.get(userId) ?? 0) < line[0].renderingLimit) {
      const item = line.shift() as WorkItem;
      this.admitted.set(userId, (this.admitted.get(userId) ?? 0) + 1);
      try {
        if (await setClipState(this.options.db, item.clipId, "submitted", ["queued"])) {
          await this.options.publish(userId, [item.clipId]);
        }
        this.ready.push(item);
      } catch (error) {
        this.admitted.set(userId, (this.admitted.get(userId) ?? 1) - 1);
        this.options.log.error({ err: error }, "could not admit a queued clip");
      }
    }
    if (line?.length === 0) this.waiting.delete(userId);
  }

  private async run(item: WorkItem, signal: AbortSignal): Promise<void> {
    const { db, storage, generator, publish } = this.options;
    const publishClip = () => publish(item.userId, [item.clipId]);
    let streaming: StreamingAudio | null = null;
    try {
      const row = await db
        .selectFrom("generated_clips")
        .innerJoin("generation_jobs", "generation_jobs.id", "generated_clips.job_id")
        .select(["generated_clips.seed", "generated_clips.state", "generation_jobs.plan"])
        .where("generated_clips.clip_id", "=", item.clipId)
        .executeTakeFirst();
      if (row?.state !== "submitted") return;
      const request = await buildSongRequest(db, storage, readStoredPlan(row.plan), row.seed);
      streaming = new StreamingAudio(storage, item.clipId, async (key, seconds) => {
        if (await markStreaming(db, item.clipId, key, seconds)) await publishClip();
      });
      const live = streaming;
      const song = await generator.generate(request, (progress) => live.add(progress), signal);
      await live.settle();
      if (this.stopped) return;
      const keys = await storeSongOutputs(db, storage, item.clipId, song);
      if (await markComplete(db, item.clipId, song, keys)) await publishClip();
      // Listeners' responses end once the clip says it is complete, so a player at the end knows it is the end.
      live.finish();
      await live.discard();
    } catch (error) {
      // Stopped by a shutdown: the clip stays as it is, and the next start's sweep refunds it.
      if (this.stopped) return;
      await streaming?.settle();
      const detail = error instanceof Error ? error.message : String(error);
      if (
        await failClip(db, item.clipId, { type: "generation_error", message: CLIP_ERROR_MESSAGE, detail })
      ) {
        await publishClip();
      }
    } finally {
      streaming?.finish();
    }
  }

  /** Fails and refunds the clips of jobs whose server stopped heartbeating them; answers how many. */
  async sweepStale(): Promise<number> {
    const stale = await staleClips(this.options.db, STALE_JOB_SECONDS);
    let failed = 0;
    for (const { clipId, userId } of stale) {
      if (this.running.has(clipId)) continue;
      const changed = await failClip(this.options.db, clipId, {
        type: "interrupted",
        message: INTERRUPTED_MESSAGE,
        detail: "job heartbeat went stale",
      });
      if (changed) {
        failed++;
        await this.options.publish(userId, [clipId]).catch(() => {});
      }
    }
    return failed;
  }

  /** Stops taking work, stops what runs (left for the next start to refund), frees the generator. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    const running = [...this.running.values()];
    for (const { controller } of running) controller.abort();
    await Promise.race([
      Promise.allSettled(running.map(({ done }) => done)),
      new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()),
    ]);
    await this.options.generator.close();
  }
}

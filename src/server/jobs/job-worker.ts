import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import {
  type ClaimedJob,
  claimJob,
  completeJob,
  failJob,
  giveUpJob,
  releaseJob,
  releaseOrphans,
  renewLeases,
} from "./job-queue.ts";
import { type Backoff, DEFAULT_BACKOFF, retryDelayMs } from "./retry-backoff.ts";

/** Thrown by a handler whose job cannot start yet: it goes back on the queue, the try not counted. */
export class NotYet extends Error {
  constructor(readonly delayMs: number) {
    super(`not yet: again in ${delayMs} ms`);
  }
}

export interface JobHandler {
  /**
   * Does the job. `signal` aborts when this worker stops or loses the job's lease (another worker
   * took it over): the handler should then stop without writing results. A throw is a failed try,
   * retried with backoff until the job's attempts are spent.
   */
  run(payload: unknown, context: { readonly signal: AbortSignal; readonly attempt: number }): Promise<void>;
  /** The job is given up (its tries spent): undo what it promised, e.g. refund its credits. */
  gaveUp(payload: unknown, lastError: string): Promise<void>;
}

export interface JobWorkerOptions {
  readonly db: Kysely<Database>;
  readonly handlers: Readonly<Record<string, JobHandler>>;
  /** Jobs run at once. */
  readonly concurrency: number;
  readonly log: { error(object: unknown, message: string): void };
  /** A held job's lease; renewed every third of it. A worker silent for longer has died. */
  readonly leaseSeconds?: number;
  /** How often an idle worker looks for due jobs (a local enqueue pokes it at once). */
  readonly pollMs?: number;
  readonly backoff?: Backoff;
  /**
   * The database is this process's alone (the embedded one): jobs running when the worker starts
   * were left by a crash of this very server and are taken up at once, not after their lease.
   */
  readonly exclusiveDatabase?: boolean;
}

export const LEASE_SECONDS = 30;
const POLL_MS = 1_000;

/**
 * Runs jobs of the durable queue: claims due ones while it has free slots, renews their leases while
 * they run, and completes, retries or gives them up. Any number of workers, in any processes, can
 * share one database: each job runs in one of them at a time.
 */
export class JobWorker {
  /** Names this worker in the rows it holds: host, process and a random part. */
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private readonly kinds: string[];
  private readonly leaseSeconds: number;
  private timers: NodeJS.Timeout[] = [];
  private filling = false;
  private again = false;
  private stopped = true;

  constructor(private readonly options: JobWorkerOptions) {
    this.kinds = Object.keys(options.handlers);
    this.leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  }

  async start(): Promise<void> {
    if (!this.stopped || this.options.concurrency < 1) return;
    this.stopped = false;
    if (this.options.exclusiveDatabase) await releaseOrphans(this.options.db);
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        work().catch((error) => this.options.log.error({ err: error }, "job queue housekeeping failed"));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.pollMs ?? POLL_MS, async () => this.poke());
    every((this.leaseSeconds * 1000) / 3, () => this.renew());
    this.poke();
  }

  /** Looks for due jobs now (after a local enqueue, or a job finishing). */
  poke(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = true;
    this.fill()
      .catch((error) => this.options.log.error({ err: error }, "could not claim a job"))
      .finally(() => {
        this.filling = false;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Jobs this worker is running now. */
  get busy(): number {
    return this.running.size;
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await claimJob(this.options.db, this.id, this.kinds, this.leaseSeconds);
      if (!job) return;
      if (this.stopped) {
        await releaseJob(this.options.db, this.id, job.id);
        return;
      }
      const controller = new AbortController();
      const done = this.runJob(job, controller.signal)
        .catch((error) => this.options.log.error({ err: error, job: job.id }, "job bookkeeping failed"))
        .finally(() => {
          this.running.delete(job.id);
          this.poke();
        });
      this.running.set(job.id, { controller, done });
    }
  }

  private async runJob(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const { db } = this.options;
    const handler = this.options.handlers[job.kind];
    if (job.attempts > job.maxAttempts) {
      // Its worker died on every try: the job itself may be what kills them.
      const error = `its worker stopped during each of ${job.maxAttempts} tries`;
      await handler.gaveUp(job.payload, error);
      await giveUpJob(db, this.id, job.id, error);
      return;
    }
    try {
      await handler.run(job.payload, { signal, attempt: job.attempts });
    } catch (error) {
      if (error instanceof NotYet) return releaseJob(db, this.id, job.id, error.delayMs);
      // Stopping (or the lease lost): the job is someone else's now, or the next start's.
      if (signal.aborted) return releaseJob(db, this.id, job.id);
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelayMs(job.attempts, this.options.backoff ?? DEFAULT_BACKOFF);
      if (await failJob(db, this.id, job, message, delay)) await handler.gaveUp(job.payload, message);
      return;
    }
    if (signal.aborted) return releaseJob(db, this.id, job.id);
    await completeJob(db, this.id, job.id);
  }

  /** Renews the held leases; a job whose lease was lost is stopped here, as another worker runs it. */
  private async renew(): Promise<void> {
    const ids = [...this.running.keys()];
    const held = await renewLeases(this.options.db, this.id, ids, this.leaseSeconds);
    for (const id of ids) {
      if (!held.has(id)) this.running.get(id)?.controller.abort();
    }
  }

  /**
   * Stops claiming, stops the running jobs and hands them back to the queue at once (not counted as
   * tries), so another worker, or this server's next start, takes them up.
   */
  async close(graceMs = 5_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const running = [...this.running.values()];
    for (const { controller } of running) controller.abort();
    await Promise.race([
      Promise.allSettled(running.map(({ done }) => done)),
      new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }
}

// A small pool of worker threads, one job at a time each: rendering runs off the API's event loop,
// and each thread keeps what it loaded (the wasm instance) from one job to the next.
import { Worker } from "node:worker_threads";
import type { PoolReply, PoolRequest } from "./pool-protocol.ts";

/** A job that ended because its worker thread died under it (a crash, an exit, an out-of-memory). */
export class WorkerCrashError extends Error {}

interface Job<Request, Result> {
  readonly request: Request;
  readonly onProgress: ((progress: never) => void) | undefined;
  readonly transfer: readonly ArrayBuffer[];
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

interface Slot<Request, Result> {
  readonly worker: Worker;
  job: Job<Request, Result> | null;
  jobId: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

export class WorkerPool<Request, Result> {
  private readonly slots = new Set<Slot<Request, Result>>();
  private readonly queue: Job<Request, Result>[] = [];
  private nextJobId = 1;
  private closed = false;

  /**
   * entry: a module that answers PoolRequest messages with PoolReply ones (see pool-protocol.ts).
   * warm: threads started at once, so the first job does not wait for a thread to load.
   */
  constructor(
    private readonly entry: URL,
    readonly size: number,
    warm = 0,
  ) {
    if (!(Number.isInteger(size) && size >= 1)) throw new RangeError(`a pool of ${size} workers`);
    for (let i = 0; i < Math.min(warm, size); i++) this.spawn();
  }

  /** The thread ids of the live workers: a crashed one is gone from here, its replacement new. */
  get threadIds(): number[] {
    return [...this.slots].map((slot) => slot.worker.threadId);
  }

  /**
   * Runs a job on the first free worker (queued in order until one is). An abort removes a queued
   * job, and ends a running one's thread (a render cannot be interrupted otherwise); a
   * replacement starts when a job needs it.
   */
  run<Progress = never>(
    request: Request,
    transfer: readonly ArrayBuffer[] = [],
    signal?: AbortSignal,
    onProgress?: (progress: Progress) => void,
  ): Promise<Result> {
    if (this.closed) return Promise.reject(new Error("The generator's workers are closed"));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<Result>((resolve, reject) => {
      const job: Job<Request, Result> = {
        request,
        onProgress: onProgress as ((progress: never) => void) | undefined,
        transfer,
        resolve,
        reject,
        signal,
        onAbort: () => this.abort(job),
      };
      signal?.addEventListener("abort", job.onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Ends every thread; queued and running jobs reject. The process can exit after it. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error("The generator's workers are closed"));
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      if (slot.job) this.settle(slot.job, new Error("The generator's workers are closed"));
      slot.job = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot<Request, Result> {
    const worker = new Worker(this.entry);
    const slot: Slot<Request, Result> = { worker, job: null, jobId: 0 };
    this.slots.add(slot);
    worker.unref();
    worker.on("message", (reply: PoolReply<Result, never>) => {
      const job = slot.job;
      if (!job || reply.id !== slot.jobId) return;
      if (reply.type === "progress") {
        try {
          job.onProgress?.(reply.progress);
        } catch (error) {
          // The job cannot go on without its consumer: end it and its thread as an abort would.
          this.drop(slot);
          this.settle(job, error);
          this.pump();
        }
        return;
      }
      slot.job = null;
      worker.unref();
      if (reply.type === "result") this.settle(job, null, reply.result);
      else this.settle(job, new Error(reply.error));
      this.pump();
    });
    const died = (cause: unknown) => {
      if (!this.slots.delete(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (job) {
        const detail = cause instanceof Error ? cause.message : `exit code ${String(cause)}`;
        this.settle(job, new WorkerCrashError(`A generator worker stopped during a job (${detail})`));
      }
      void worker.terminate();
      // A thread that died in a job is replaced at once, warm for the next; one that died idle
      // (a thread that cannot even start) waits for a job, so as not to respawn in a loop.
      if (job) this.replace();
      this.pump();
    };
    worker.on("error", died);
    worker.on("exit", died);
    return slot;
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.job === null);
      if (!slot && this.slots.size < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job<Request, Result>;
      slot.job = job;
      slot.jobId = this.nextJobId++;
      slot.worker.ref();
      const message: PoolRequest<Request> = { id: slot.jobId, request: job.request };
      slot.worker.postMessage(message, [...job.transfer]);
    }
  }

  private abort(job: Job<Request, Result>): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const running = [...this.slots].find((slot) => slot.job === job);
    if (running) this.drop(running);
    if (queued >= 0 || running) this.settle(job, abortReason(job.signal as AbortSignal));
    this.pump();
  }

  /** Ends a thread whose job is abandoned, and starts its replacement. */
  private drop(slot: Slot<Request, Result>): void {
    this.slots.delete(slot);
    slot.job = null;
    void slot.worker.terminate();
    this.replace();
  }

  private replace(): void {
    if (!this.closed && this.slots.size < this.size) this.spawn();
  }

  private settle(job: Job<Request, Result>, error: unknown, result?: Result): void {
    job.signal?.removeEventListener("abort", job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result as Result);
  }
}

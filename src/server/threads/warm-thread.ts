import { Worker } from "node:worker_threads";

/** How a job's messages end it, and how long it may take. */
export interface WarmJobOptions<Message, Result> {
  readonly timeoutMs: number;
  readonly timeoutError: () => Error;
  /** Sees each message; returns the result (or an Error) once the job is over, undefined meanwhile. */
  readonly onMessage: (message: Message) => Result | Error | undefined;
}

/**
 * Worker threads kept warm: starting one (the TypeScript loader, the modules, the wasm compile) took
 * seconds under load, longer than the job itself, so one thread is kept idle between jobs and
 * reused, and can be started ahead of the first job (`warm`). A job that finds the idle thread busy
 * gets a thread of its own, which becomes the idle one afterwards when there is none; a thread that
 * timed out, crashed or exited is ended, never reused. The idle thread does not keep the process
 * alive and ends after `idleMs` without work.
 *
 * The thread's entry answers each request with messages ending the job (see `onMessage`), one job
 * at a time; what a job decoded is garbage once it is answered.
 */
export class WarmThreads {
  private idle: Worker | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly running = new Set<Worker>();

  constructor(
    private readonly entry: URL,
    private readonly options: { readonly name: string; readonly idleMs: number },
  ) {}

  /** Starts the idle thread now (a studio opened), so the next job does not wait for its start. */
  warm(): void {
    if (this.idle === null) this.park(this.start());
  }

  /** Runs one job on the idle thread, or on a new one when it is busy or missing. */
  run<Message, Result>(
    request: unknown,
    transfer: readonly ArrayBuffer[],
    options: WarmJobOptions<Message, Result>,
  ): Promise<Result> {
    const worker = this.take() ?? this.start();
    worker.ref();
    this.running.add(worker);
    return new Promise<Result>((resolve, reject) => {
      let over = false;
      const end = (outcome: Result | Error, reusable: boolean) => {
        if (over) return;
        over = true;
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        this.running.delete(worker);
        if (reusable && this.idle === null) this.park(worker);
        else void worker.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(() => end(options.timeoutError(), false), options.timeoutMs);
      const onMessage = (message: Message) => {
        const outcome = options.onMessage(message);
        if (outcome !== undefined) end(outcome, true);
      };
      const onError = (error: Error) => end(error, false);
      const onExit = (code: number) =>
        end(new Error(`The ${this.options.name} thread exited (${code})`), false);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage(request, [...transfer]);
    });
  }

  /** Ends every thread (server shutdown, tests). */
  async close(): Promise<void> {
    const workers = [...this.running, ...(this.idle ? [this.idle] : [])];
    this.take();
    this.running.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private start(): Worker {
    const worker = new Worker(this.entry);
    // An idle thread that fails while loading has no job to fail: its exit forgets it.
    worker.on("error", () => {});
    return worker;
  }

  private take(): Worker | null {
    const worker = this.idle;
    this.idle = null;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (worker !== null) worker.off("exit", this.forgetIdle);
    return worker;
  }

  /** An idle thread that ends by itself (a crash while loading) is simply forgotten. */
  private readonly forgetIdle = () => {
    this.take();
  };

  private park(worker: Worker): void {
    worker.unref();
    worker.once("exit", this.forgetIdle);
    this.idle = worker;
    this.idleTimer = setTimeout(() => {
      const idle = this.take();
      if (idle !== null) void idle.terminate();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }
}

import { Worker } from "node:worker_threads";

export interface OneShotThread<Result> {
  readonly result: Promise<Result>;
  /** Ends the thread (server shutdown); the result rejects with `reason`. */
  stop(reason?: Error): void;
}

/**
 * Runs one job in a worker thread of its own: its memory (decoded songs, a wasm instance) goes
 * with it, and a stuck one can be ended. `onMessage` sees each message and returns the result (or
 * an Error) once the job is over, undefined while it goes on. Past `timeoutMs` the result
 * rejects with `timeoutError()`.
 */
export function runOneShotThread<Message, Result>(
  entry: URL,
  request: unknown,
  transfer: readonly ArrayBuffer[],
  options: {
    readonly timeoutMs: number;
    readonly timeoutError: () => Error;
    readonly onMessage: (message: Message) => Result | Error | undefined;
    /** Names the job in the error of a thread that exits without an answer. */
    readonly name: string;
  },
): OneShotThread<Result> {
  const worker = new Worker(entry);
  let stop: (reason?: Error) => void = () => {};
  const result = new Promise<Result>((resolve, reject) => {
    let over = false;
    const end = (outcome: Result | Error) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => end(options.timeoutError()), options.timeoutMs);
    stop = (reason) => end(reason ?? new Error(`The ${options.name} was stopped`));
    worker.on("message", (message: Message) => {
      if (over) return;
      const outcome = options.onMessage(message);
      if (outcome !== undefined) end(outcome);
    });
    worker.on("error", (error) => end(error));
    worker.on("exit", (code) => end(new Error(`The ${options.name} thread exited (${code})`)));
    worker.postMessage(request, [...transfer]);
  });
  return { result, stop: (reason) => stop(reason) };
}

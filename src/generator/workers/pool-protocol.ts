// The messages between WorkerPool and its threads: a numbered request, and one reply per request.
import { parentPort } from "node:worker_threads";

export interface PoolRequest<Request> {
  readonly id: number;
  readonly request: Request;
}

/** Any number of progress messages (a job's partial results, in order), then one result or error. */
export type PoolReply<Result, Progress = never> =
  | { readonly id: number; readonly type: "progress"; readonly progress: Progress }
  | { readonly id: number; readonly type: "result"; readonly result: Result }
  | { readonly id: number; readonly type: "error"; readonly error: string };

/** What a job hands back: its result, and the buffers to move (not copy) to the pool's thread. */
export interface JobOutcome<Result> {
  readonly result: Result;
  readonly transfer?: readonly ArrayBuffer[];
}

/** Sends one progress message of the running job, moving `transfer`. */
export type ProgressSink<Progress> = (progress: Progress, transfer?: readonly ArrayBuffer[]) => void;

/** A pool thread's side: answers each request with handle()'s outcome, or its error's message. */
export function servePool<Request, Result, Progress = never>(
  handle: (
    request: Request,
    progress: ProgressSink<Progress>,
  ) => JobOutcome<Result> | Promise<JobOutcome<Result>>,
): void {
  const port = parentPort;
  if (!port) throw new Error("a pool thread runs in a worker thread");
  port.on("message", async ({ id, request }: PoolRequest<Request>) => {
    const post = (reply: PoolReply<Result, Progress>, transfer: readonly ArrayBuffer[] = []) =>
      port.postMessage(reply, [...transfer]);
    try {
      const outcome = await handle(request, (progress, transfer) =>
        post({ id, type: "progress", progress }, transfer),
      );
      post({ id, type: "result", result: outcome.result }, outcome.transfer);
    } catch (error) {
      post({ id, type: "error", error: error instanceof Error ? error.message : String(error) });
    }
  });
}

import { Worker } from "node:worker_threads";
import type { StreamBeatsOptions } from "../../engine/beats/index.ts";
import type { BeatsResult, BeatsStreamFrame } from "../../shared/beats/beats-result.ts";
import type { BeatsThreadRequest, BeatsThreadResponse } from "./beats-thread-protocol.ts";

const ENTRY = new URL("./beats-thread.mjs", import.meta.url);

/** An analysis that ends in an error a client may read (bad audio, a time-out), not a server fault. */
export class BeatsJobError extends Error {}

export const ANALYSIS_TIMEOUT = "Timeout";

export interface BeatsThreadRun {
  readonly result: Promise<BeatsResult>;
  /** Stops the analysis (server shutdown); the result rejects. */
  stop(): void;
}

/**
 * Decodes and analyses a stored audio file in its own worker thread, so neither a long song nor
 * a slow decoder holds up the server's requests; onFrame sees each streamed frame. A thread per
 * job: its memory (the decoded song, the wasm instance) goes with it, and a stuck one can be ended.
 */
export function runBeatsThread(
  bytes: Uint8Array,
  onFrame: (frame: BeatsStreamFrame) => void,
  options: { timeoutMs: number; stream?: StreamBeatsOptions },
): BeatsThreadRun {
  const worker = new Worker(ENTRY);
  let stop: () => void = () => {};
  const result = new Promise<BeatsResult>((resolve, reject) => {
    const timer = setTimeout(() => end(new BeatsJobError(ANALYSIS_TIMEOUT)), options.timeoutMs);
    let over = false;
    const end = (outcome: BeatsResult | Error) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    stop = () => end(new Error("The beat analysis was stopped"));
    worker.on("message", (response: BeatsThreadResponse) => {
      if (over) return;
      if (response.type === "frame") onFrame(response.frame);
      else if (response.type === "result") end(response.result);
      else end(new BeatsJobError(response.error));
    });
    worker.on("error", (error) => end(error));
    worker.on("exit", (code) => end(new Error(`The beat analysis thread exited (${code})`)));
    // A copy of its own to hand over: a Buffer may share its memory with others.
    const own = new Uint8Array(bytes);
    const request: BeatsThreadRequest = { bytes: own, options: options.stream };
    worker.postMessage(request, [own.buffer]);
  });
  return { result, stop: () => stop() };
}

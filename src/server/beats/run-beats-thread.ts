import type { StreamBeatsOptions } from "../../engine/node.ts";
import type { BeatsResult, BeatsStreamFrame } from "../../shared/beats/beats-result.ts";
import { runOneShotThread } from "../threads/one-shot-thread.ts";
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
  // A copy of its own to hand over: a Buffer may share its memory with others.
  const own = new Uint8Array(bytes);
  const request: BeatsThreadRequest = { bytes: own, options: options.stream };
  const run = runOneShotThread<BeatsThreadResponse, BeatsResult>(ENTRY, request, [own.buffer], {
    name: "beat analysis",
    timeoutMs: options.timeoutMs,
    timeoutError: () => new BeatsJobError(ANALYSIS_TIMEOUT),
    onMessage: (response) => {
      if (response.type === "frame") {
        onFrame(response.frame);
        return undefined;
      }
      return response.type === "result" ? response.result : new BeatsJobError(response.error);
    },
  });
  return { result: run.result, stop: () => run.stop(new Error("The beat analysis was stopped")) };
}

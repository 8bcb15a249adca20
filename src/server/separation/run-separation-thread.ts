import { runOneShotThread } from "../threads/one-shot-thread.ts";
import type { SeparatedStem } from "./separate-audio.ts";
import type { SeparationThreadRequest, SeparationThreadResponse } from "./separation-thread-protocol.ts";

const ENTRY = new URL("./separation-thread.mjs", import.meta.url);

/** A separation that ends in an error the stems' owner may read (audio that cannot be read). */
export class SeparationError extends Error {}

export const SEPARATION_TIMEOUT = "The separation took too long";

export interface SeparationRun {
  readonly result: Promise<readonly { readonly name: SeparatedStem; readonly wav: Uint8Array }[]>;
  /** Stops the separation (server shutdown, the job taken over); the result rejects. */
  stop(): void;
}

/**
 * Decodes and separates a stored song in a worker thread of its own: the DSP work never holds up
 * the server's requests, and the decoded song, the stems and the wasm memory go with the thread.
 */
export function runSeparationThread(bytes: Uint8Array, timeoutMs: number): SeparationRun {
  // A copy of its own to hand over: a Buffer may share its memory with others.
  const own = new Uint8Array(bytes);
  const request: SeparationThreadRequest = { bytes: own };
  const run = runOneShotThread<SeparationThreadResponse, Awaited<SeparationRun["result"]>>(
    ENTRY,
    request,
    [own.buffer],
    {
      name: "separation",
      timeoutMs,
      timeoutError: () => new Error(SEPARATION_TIMEOUT),
      onMessage: (response) =>
        response.type === "result" ? response.stems : new SeparationError(response.error),
    },
  );
  return { result: run.result, stop: () => run.stop(new Error("The separation was stopped")) };
}

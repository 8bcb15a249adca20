// How a page retries loading audio data: a waveform's data is retried 3 times, 1 s apart; opening
// an audio decoder up to 6 times, waiting twice as long each time but never more than 8 s. A
// refusal that asking again cannot change (a 4xx other than 408 and 429) and an abort stop at once.

export interface RetryRule {
  /** Tries after the first one. */
  readonly retries: number;
  /** The wait before retry number `retry` (from 1), in ms. */
  readonly delayMs: (retry: number) => number;
}

/** A waveform page's data (the server's aggregates, or the audio decoded for it). */
export const WAVEFORM_PAGE_LOAD: RetryRule = { retries: 3, delayMs: () => 1000 };

/** Opening an audio decoder on a song's file: backoff from 500 ms, capped at 8 s. */
export const DECODER_OPEN: RetryRule = {
  retries: 5,
  delayMs: (retry) => Math.min(8000, 500 * 2 ** (retry - 1)),
};

/** The HTTP status a failure carries, when it has one. */
const statusOf = (error: unknown): number | null =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
    ? error.status
    : null;

/** Whether trying again may help: not after an abort, nor after a refusal (4xx, but 408 and 429). */
export function worthRetrying(error: unknown): boolean {
  if (error instanceof Error && error.name === "AbortError") return false;
  const status = statusOf(error);
  return status === null || status >= 500 || status === 408 || status === 429;
}

/** Waits `ms`, or fails at once with the signal's reason when it is aborted. */
export const waitFor = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });

export interface RetryOptions {
  readonly signal?: AbortSignal;
  /** How to wait between tries (the timer by default; tests count the waits instead). */
  readonly wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Runs `load` until it succeeds, by the rule; the last failure is thrown when the tries run out. */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  rule: RetryRule,
  options: RetryOptions = {},
): Promise<T> {
  const wait = options.wait ?? waitFor;
  for (let retry = 0; ; retry++) {
    try {
      return await load();
    } catch (error) {
      if (retry >= rule.retries || options.signal?.aborted || !worthRetrying(error)) throw error;
    }
    await wait(rule.delayMs(retry + 1), options.signal);
  }
}

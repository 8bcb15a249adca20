/** How long a failed job waits before its next try: doubling from `baseMs`, at most `maxMs`. */
export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 5 * 60_000 };

/**
 * The wait after the `attempt`-th failed try (1 for the first): base, 2 x base, 4 x base ... capped,
 * so a job failing for a passing reason (a database restart) is soon retried and one failing for a
 * lasting reason does not keep the workers busy.
 */
export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt ${attempt} is not 1 or more`);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt - 1, 30));
}

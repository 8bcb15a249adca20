import { vi } from "vitest";

/** Polls `probe` until it gives a value (not undefined), failing after `timeoutMs` with what was awaited. */
export function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`Still waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Polls `check` until it holds, failing after `timeoutMs` with what was awaited. */
export const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) =>
  waitFor(async () => ((await check()) ? true : undefined), what, timeoutMs);

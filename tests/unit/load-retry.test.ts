import { describe, expect, it } from "vitest";
import {
  DECODER_OPEN,
  loadWithRetries,
  type RetryRule,
  WAVEFORM_PAGE_LOAD,
  worthRetrying,
} from "../../src/shared/audio/load-retry.ts";

class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

/** Runs a load that fails `failures` times with `error`, counting the tries and the waits asked for. */
async function run(rule: RetryRule, failures: number, error: unknown = new Error("network")) {
  let tries = 0;
  const waits: number[] = [];
  const outcome = await loadWithRetries(
    async () => {
      tries++;
      if (tries <= failures) throw error;
      return "loaded";
    },
    rule,
    { wait: async (ms) => void waits.push(ms) },
  ).catch((failure: unknown) => failure);
  return { outcome, tries, waits };
}

describe("loading audio data with retries", () => {
  it("retries a waveform page 3 times, 1 s apart, then gives up with the last failure", async () => {
    expect(await run(WAVEFORM_PAGE_LOAD, 0)).toEqual({ outcome: "loaded", tries: 1, waits: [] });
    expect(await run(WAVEFORM_PAGE_LOAD, 3)).toEqual({
      outcome: "loaded",
      tries: 4,
      waits: [1000, 1000, 1000],
    });
    const failure = new Error("still down");
    expect(await run(WAVEFORM_PAGE_LOAD, 4, failure)).toEqual({
      outcome: failure,
      tries: 4,
      waits: [1000, 1000, 1000],
    });
  });

  it("opens a decoder up to 6 times, the waits doubling up to 8 s", async () => {
    const given = await run(DECODER_OPEN, 10);
    expect(given.tries).toBe(6);
    expect(given.waits).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(Math.max(...Array.from({ length: 20 }, (_, at) => DECODER_OPEN.delayMs(at + 1)))).toBe(8000);
  });

  it("does not ask again when the answer cannot change, nor after an abort", async () => {
    expect(await run(WAVEFORM_PAGE_LOAD, 1, new StatusError(404))).toMatchObject({ tries: 1, waits: [] });
    expect(await run(WAVEFORM_PAGE_LOAD, 1, new StatusError(503))).toMatchObject({
      outcome: "loaded",
      tries: 2,
    });
    expect(worthRetrying(new StatusError(429))).toBe(true);
    expect(worthRetrying(new StatusError(408))).toBe(true);
    expect(worthRetrying(new StatusError(403))).toBe(false);
    expect(worthRetrying(new DOMException("gone", "AbortError"))).toBe(false);
    const abort = new AbortController();
    let tries = 0;
    const stopped = loadWithRetries(
      async () => {
        tries++;
        throw new Error("network");
      },
      WAVEFORM_PAGE_LOAD,
      { signal: abort.signal },
    );
    abort.abort(new DOMException("left the page", "AbortError"));
    await expect(stopped).rejects.toThrow();
    expect(tries).toBe(1);
  });
});

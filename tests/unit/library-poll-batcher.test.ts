import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  POLL_BATCH_MAX_IDS,
  POLL_BATCH_WINDOW_MS,
  POLL_MIN_GAP_MS,
  PollBatcher,
} from "../../src/shared/library/poll-batcher.ts";

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `clip-${from + i}`);

describe("polling clips in batches", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the ids asked for within 100 ms in one request, each id once", async () => {
    const calls: string[][] = [];
    const batcher = new PollBatcher({ fetch: async (batch) => void calls.push([...batch]), now: Date.now });
    batcher.request(["a", "b"]);
    await vi.advanceTimersByTimeAsync(POLL_BATCH_WINDOW_MS / 2);
    batcher.request(["b", "c"]);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_BATCH_WINDOW_MS / 2);
    expect(calls).toEqual([["a", "b", "c"]]);
  });

  it("sends at most 20 ids a request, and requests at least 2.5 s apart", async () => {
    const calls: { at: number; ids: string[] }[] = [];
    const batcher = new PollBatcher({
      fetch: async (batch) => void calls.push({ at: Date.now(), ids: [...batch] }),
    });
    const start = Date.now();
    batcher.request(ids(45));
    await vi.advanceTimersByTimeAsync(3 * POLL_MIN_GAP_MS);
    expect(calls.map((call) => call.ids.length)).toEqual([POLL_BATCH_MAX_IDS, POLL_BATCH_MAX_IDS, 5]);
    expect(calls.map((call) => call.at - start)).toEqual([
      POLL_BATCH_WINDOW_MS,
      POLL_BATCH_WINDOW_MS + POLL_MIN_GAP_MS,
      POLL_BATCH_WINDOW_MS + 2 * POLL_MIN_GAP_MS,
    ]);
    expect(new Set(calls.flatMap((call) => call.ids)).size).toBe(45);
  });

  it("waits out the gap after a request before the next, and stops for good", async () => {
    const calls: number[] = [];
    const batcher = new PollBatcher({ fetch: async () => void calls.push(Date.now()) });
    const start = Date.now();
    batcher.request(["a"]);
    await vi.advanceTimersByTimeAsync(POLL_BATCH_WINDOW_MS);
    batcher.request(["b"]);
    await vi.advanceTimersByTimeAsync(POLL_MIN_GAP_MS);
    expect(calls.map((at) => at - start)).toEqual([
      POLL_BATCH_WINDOW_MS,
      POLL_BATCH_WINDOW_MS + POLL_MIN_GAP_MS,
    ]);
    batcher.stop();
    batcher.request(["c"]);
    await vi.advanceTimersByTimeAsync(2 * POLL_MIN_GAP_MS);
    expect(calls).toHaveLength(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/app/account/api-request.ts";
import { FEED_RETRY_MS, FetchClipsError, withRetries } from "../../src/app/library/library-fetch.ts";

describe("fetching clips with retries", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("retries a failure 3 times, 2 s apart, then says 'Error fetching {type} clips' with the message", async () => {
    const call = vi.fn(async () => {
      throw new Error("connection reset");
    });
    const outcome = withRetries("library", call).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FEED_RETRY_MS - 1);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * FEED_RETRY_MS);
    const error = await outcome;
    expect(call).toHaveBeenCalledTimes(4);
    expect(error).toBeInstanceOf(FetchClipsError);
    expect((error as FetchClipsError).title).toBe("Error fetching library clips");
    expect((error as FetchClipsError).message).toBe("connection reset");
  });

  it("gives the answer once a retry succeeds", async () => {
    let calls = 0;
    const outcome = withRetries("trashed", async () => {
      calls++;
      if (calls < 3) throw new Error("busy");
      return "page";
    });
    await vi.advanceTimersByTimeAsync(2 * FEED_RETRY_MS);
    expect(await outcome).toBe("page");
    expect(calls).toBe(3);
  });

  it("does not retry a refusal: asking again gets the same answer", async () => {
    const call = vi.fn(async () => {
      throw new ApiError(422, "Use True, False or Any", null);
    });
    const error = await withRetries("library", call).catch((caught: unknown) => caught);
    expect(call).toHaveBeenCalledTimes(1);
    expect((error as FetchClipsError).title).toBe("Error fetching library clips");
    expect((error as FetchClipsError).message).toBe("Use True, False or Any");
  });
});

import { describe, expect, it, vi } from "vitest";
import { ClipWakes } from "../../src/studio/generate/clip-wakes.ts";

describe("a followed generation's wait between polls", () => {
  it("ends when a change of the user's clips is pushed, long before the poll's interval", async () => {
    // Fake timers: the interval never elapses here, so only the push can end the waits.
    vi.useFakeTimers();
    try {
      const wakes = new ClipWakes();
      let woken = 0;
      const waits = [wakes.wait(10_000), wakes.wait(10_000)].map((wait) => wait.then(() => woken++));
      await vi.advanceTimersByTimeAsync(20);
      expect(woken).toBe(0);
      wakes.pushed();
      await Promise.all(waits);
      expect(woken).toBe(2);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends at the interval when nothing is pushed, and a push wakes only the waits under way", async () => {
    const wakes = new ClipWakes();
    wakes.pushed();
    let done = false;
    const wait = wakes.wait(50).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    await wait;
    expect(done).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { ClipWakes } from "../../src/studio/generate/clip-wakes.ts";

describe("a followed generation's wait between polls", () => {
  it("ends when a change of the user's clips is pushed, long before the poll's interval", async () => {
    const wakes = new ClipWakes();
    const started = performance.now();
    const waits = [wakes.wait(10_000), wakes.wait(10_000)];
    setTimeout(() => wakes.pushed(), 20);
    await Promise.all(waits);
    expect(performance.now() - started).toBeLessThan(5_000);
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

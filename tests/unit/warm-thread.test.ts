import { afterEach, describe, expect, it } from "vitest";
import { WarmThreads } from "../../src/server/threads/warm-thread.ts";

const ENTRY = new URL("./warm-thread-echo.mjs", import.meta.url);

type Answer = { threadId: number; served: number };

/** A job long enough for a loaded machine; the hanging job's limit is the only short one. */
const job = (threads: WarmThreads, kind = "echo", timeoutMs = 60_000) =>
  threads.run<Answer, Answer>({ kind }, [], {
    timeoutMs,
    timeoutError: () => new Error("timed out"),
    onMessage: (answer) => answer,
  });

describe("warm threads", () => {
  let threads = new WarmThreads(ENTRY, { name: "echo", idleMs: 60_000 });
  afterEach(async () => {
    await threads.close();
    threads = new WarmThreads(ENTRY, { name: "echo", idleMs: 60_000 });
  });

  it("reuses the idle thread for the next job", async () => {
    const first = await job(threads);
    const second = await job(threads);
    expect(second.threadId).toBe(first.threadId);
    expect(second.served).toBe(2);
  });

  it("runs a job on the thread started ahead by warm()", async () => {
    threads.warm();
    const first = await job(threads);
    threads.warm();
    expect((await job(threads)).threadId).toBe(first.threadId);
    expect(first.served).toBe(1);
  });

  it("gives a job its own thread while the idle one is busy, and keeps one afterwards", async () => {
    const [a, b] = await Promise.all([job(threads), job(threads)]);
    expect(a.threadId).not.toBe(b.threadId);
    const next = await job(threads);
    expect([a.threadId, b.threadId]).toContain(next.threadId);
    expect(next.served).toBe(2);
  });

  it("never reuses a thread that exited or timed out", async () => {
    const before = await job(threads);
    await expect(job(threads, "crash")).rejects.toThrow("The echo thread exited (3)");
    const afterCrash = await job(threads);
    expect(afterCrash.threadId).not.toBe(before.threadId);
    expect(afterCrash.served).toBe(1);
    await expect(job(threads, "hang", 200)).rejects.toThrow("timed out");
    const afterHang = await job(threads);
    expect(afterHang.threadId).not.toBe(afterCrash.threadId);
    expect(afterHang.served).toBe(1);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WorkerCrashError, WorkerPool } from "../../src/generator/workers/worker-pool.ts";

type Request = { kind: "echo" | "crash" | "throw" | "spin"; ms?: number; length?: number; steps?: number };
type Result = { threadId: number; data: Float32Array };

const ENTRY = new URL("./generator-workers-thread.mjs", import.meta.url);
let pool: WorkerPool<Request, Result> | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("generator worker pool", () => {
  it("runs jobs on its threads and moves the results' buffers back", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 2);
    const results = await Promise.all([1, 2, 3, 4].map(() => pool?.run({ kind: "echo", length: 8 })));
    for (const result of results) {
      expect(result?.data.length).toBe(8);
      expect(result?.data[0]).toBe(result?.threadId);
    }
    expect(pool.threadIds.length).toBeLessThanOrEqual(2);
  });

  it("passes a job's progress messages on in order, before its result", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 1);
    const seen: number[] = [];
    const result = await pool.run<{ step: number }>({ kind: "echo", steps: 5 }, [], undefined, ({ step }) => {
      seen.push(step);
    });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(result.data.length).toBe(0);
  });

  it("rejects a job whose thread crashed and replaces the thread", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 1, 1);
    const first = await pool.run({ kind: "echo" });
    await expect(pool.run({ kind: "crash" })).rejects.toBeInstanceOf(WorkerCrashError);
    // The replacement starts at once, before any job asks for it.
    expect(pool.threadIds.length).toBe(1);
    expect(pool.threadIds).not.toContain(first.threadId);
    const after = await pool.run({ kind: "echo" });
    expect(after.threadId).not.toBe(first.threadId);
    expect(pool.threadIds).toEqual([after.threadId]);
  });

  it("keeps a thread whose job threw, and passes the error on", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 1);
    const first = await pool.run({ kind: "echo" });
    await expect(pool.run({ kind: "throw" })).rejects.toThrow("the job failed");
    expect((await pool.run({ kind: "echo" })).threadId).toBe(first.threadId);
  });

  it("abort ends a running job's thread and drops queued jobs", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 1, 1);
    const controller = new AbortController();
    const running = pool.run({ kind: "spin", ms: 20_000 }, [], controller.signal);
    const queued = pool.run({ kind: "echo" }, [], controller.signal);
    setTimeout(() => controller.abort(new Error("stopped")), 100);
    const started = Date.now();
    await expect(running).rejects.toThrow("stopped");
    await expect(queued).rejects.toThrow("stopped");
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await pool.run({ kind: "echo" })).data.length).toBe(0);
  });

  it("close() rejects what is left and lets the process exit", async () => {
    pool = new WorkerPool<Request, Result>(ENTRY, 2, 2);
    const pending = expect(pool.run({ kind: "spin", ms: 20_000 })).rejects.toThrow("closed");
    await pool.close();
    await pending;
    await expect(pool.run({ kind: "echo" })).rejects.toThrow("closed");
    // A process that opens a pool, runs a job and closes it exits on its own.
    const script = `
      const { WorkerPool } = await import(${JSON.stringify(new URL("../../src/generator/workers/worker-pool.ts", import.meta.url).href)});
      const pool = new WorkerPool(new URL(${JSON.stringify(ENTRY.href)}), 2, 2);
      await pool.run({ kind: "echo" });
      await pool.close();
      console.log("closed");
    `;
    const dir = mkdtempSync(join(tmpdir(), "pool-exit-"));
    writeFileSync(join(dir, "pool-exit.mts"), script);
    const child = spawnSync(process.execPath, ["--import", "tsx", join(dir, "pool-exit.mts")], {
      timeout: 20_000,
      encoding: "utf8",
    });
    rmSync(dir, { recursive: true });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("closed");
    expect(child.status).toBe(0);
  });
});

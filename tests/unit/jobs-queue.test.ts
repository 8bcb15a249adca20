import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkerConcurrency } from "../../src/server/config.ts";
import type { DatabaseHandle } from "../../src/server/db/database.ts";
import { claimJob, completeJob, enqueueJobs, failJob } from "../../src/server/jobs/job-queue.ts";
import { type JobHandler, JobWorker, NotYet } from "../../src/server/jobs/job-worker.ts";
import { retryDelayMs } from "../../src/server/jobs/retry-backoff.ts";
import { BACKENDS, openTestDatabase } from "../server-database.ts";
import { until } from "../wait.ts";

const quietLog = { error: () => {} };

describe("WORKER_CONCURRENCY", () => {
  it("takes 0 to 64 songs at once, nothing for the default, and refuses anything else saying what to set", () => {
    expect(parseWorkerConcurrency(undefined)).toBeUndefined();
    expect(parseWorkerConcurrency("")).toBeUndefined();
    expect(parseWorkerConcurrency("0")).toBe(0);
    expect(parseWorkerConcurrency("64")).toBe(64);
    for (const wrong of ["65", "-1", "1.5", "two", "100"]) {
      expect(() => parseWorkerConcurrency(wrong)).toThrow(
        `WORKER_CONCURRENCY=${wrong} is not understood: set it to how many songs this process renders at once, 0 (none: leave them to npm run worker) to 64.`,
      );
    }
  });
});

describe("retry backoff", () => {
  it("doubles from the base up to the cap, and refuses attempts below 1", () => {
    const backoff = { baseMs: 100, maxMs: 1000 };
    expect([1, 2, 3, 4, 5, 50].map((attempt) => retryDelayMs(attempt, backoff))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(() => retryDelayMs(0, backoff)).toThrow(RangeError);
  });
});

describe.each(BACKENDS)("the durable job queue on %s", (backend) => {
  let database: DatabaseHandle;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers) await worker.close(100);
    await database?.close();
  });

  const worker = (
    handlers: Record<string, JobHandler>,
    options: { concurrency?: number; leaseSeconds?: number } = {},
  ) => {
    const made = new JobWorker({
      db: database.db,
      handlers,
      concurrency: options.concurrency ?? 2,
      log: quietLog,
      leaseSeconds: options.leaseSeconds ?? 30,
      pollMs: 50,
      backoff: { baseMs: 300, maxMs: 5_000 },
    });
    workers.push(made);
    return made;
  };
  const remaining = async (kind: string) =>
    database.db.selectFrom("job_queue").selectAll().where("kind", "=", kind).execute();

  it("never hands one job to two claims made at the same time", async () => {
    await enqueueJobs(
      database.db,
      Array.from({ length: 6 }, (_, n) => ({ kind: "race", payload: { n } })),
    );
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, n) => claimJob(database.db, `racer-${n}`, ["race"], 30)),
    );
    const ids = claims.filter((claim) => claim !== null).map((claim) => claim.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it("runs each job exactly once across two workers", async () => {
    const runs: { n: number; worker: string }[] = [];
    const handler = (name: string): JobHandler => ({
      run: async (payload) => {
        runs.push({ n: (payload as { n: number }).n, worker: name });
        // Yields, so both workers take jobs while others run.
        await new Promise((resolve) => setImmediate(resolve));
      },
      gaveUp: async () => {},
    });
    const count = 30;
    await enqueueJobs(
      database.db,
      Array.from({ length: count }, (_, n) => ({ kind: "once", payload: { n } })),
    );
    const a = worker({ once: handler("a") });
    const b = worker({ once: handler("b") });
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await remaining("once")).length === 0, "every job to finish");
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(
      Array.from({ length: count }, (_, n) => n),
    );
    await Promise.all([a.close(), b.close()]);
  });

  it("puts a failed try off by its backoff, counting the attempt and keeping the error", async () => {
    await enqueueJobs(database.db, [{ kind: "put-off", payload: {} }]);
    const claimed = await claimJob(database.db, "failing-worker", ["put-off"], 30);
    expect(claimed?.attempts).toBe(1);
    if (!claimed) return;
    expect(await failJob(database.db, "failing-worker", claimed, "try 1 failed", 60_000)).toBe(false);
    const [row] = await remaining("put-off");
    expect(row).toMatchObject({ state: "ready", attempts: 1, worker: null, last_error: "try 1 failed" });
    // Not due until its backoff has passed: no claim takes it meanwhile.
    expect(await claimJob(database.db, "another-worker", ["put-off"], 30)).toBeNull();
  });

  it("retries a failing job until a try succeeds, each try counted", async () => {
    const tries: number[] = [];
    const made = worker({
      flaky: {
        run: async (_payload, { attempt }) => {
          tries.push(attempt);
          if (attempt < 3) throw new Error(`try ${attempt} failed`);
        },
        gaveUp: async () => {
          throw new Error("a job that succeeds is not given up");
        },
      },
    });
    await enqueueJobs(database.db, [{ kind: "flaky", payload: {}, maxAttempts: 3 }]);
    await made.start();
    await until(async () => tries.length === 3 && (await remaining("flaky")).length === 0, "the third try");
    expect(tries).toEqual([1, 2, 3]);
    await made.close();
  });

  it("gives a job up after its last try, keeping its error, and says so once", async () => {
    const gaveUp: string[] = [];
    const made = worker({
      doomed: {
        run: async () => {
          throw new Error("always broken");
        },
        gaveUp: async (_payload, error) => {
          gaveUp.push(error);
        },
      },
    });
    await enqueueJobs(database.db, [{ kind: "doomed", payload: {}, maxAttempts: 2 }]);
    await made.start();
    await until(async () => (await remaining("doomed"))[0]?.state === "failed", "the job to be given up");
    // Stopped, the worker has nothing left in flight: a failed job is never claimed again.
    await made.close();
    expect(gaveUp).toEqual(["always broken"]);
    const [row] = await remaining("doomed");
    expect(row).toMatchObject({ state: "failed", attempts: 2, last_error: "always broken" });
  });

  it("takes up a job whose worker died once its lease runs out, counting the attempt", async () => {
    await enqueueJobs(database.db, [{ kind: "orphan", payload: { song: 1 } }]);
    // A worker claims it, then dies: it never renews nor finishes.
    const dead = await claimJob(database.db, "dead-worker", ["orphan"], 60);
    expect(dead?.attempts).toBe(1);
    // While the lease holds, nobody else may take it.
    expect(await claimJob(database.db, "other-worker", ["orphan"], 60)).toBeNull();
    // The lease runs out (set in the past rather than waited for).
    await database.db
      .updateTable("job_queue")
      .set({ lease_until: sql`now() - interval '1 second'` })
      .where("kind", "=", "orphan")
      .execute();
    const ran: number[] = [];
    const made = worker({
      orphan: {
        run: async (_payload, { attempt }) => {
          ran.push(attempt);
        },
        gaveUp: async () => {},
      },
    });
    await made.start();
    await until(async () => (await remaining("orphan")).length === 0, "the orphan to complete");
    expect(ran).toEqual([2]);
    await made.close();
  });

  it("ignores a late report from a worker whose job was taken over", async () => {
    // One try only: the slow worker's failure would be the last, were the job still its own.
    await enqueueJobs(database.db, [{ kind: "taken-over", payload: {}, maxAttempts: 1 }]);
    const slow = await claimJob(database.db, "slow-worker", ["taken-over"], 60);
    await database.db
      .updateTable("job_queue")
      .set({ lease_until: sql`now() - interval '1 second'` })
      .where("kind", "=", "taken-over")
      .execute();
    const next = await claimJob(database.db, "next-worker", ["taken-over"], 60);
    expect(next?.id).toBe(slow?.id);
    if (!slow || !next) return;
    await completeJob(database.db, "slow-worker", slow.id);
    expect(await failJob(database.db, "slow-worker", slow, "late", 0)).toBe(false);
    expect(await remaining("taken-over")).toMatchObject([
      { state: "running", worker: "next-worker", attempts: 2, last_error: null },
    ]);
    await completeJob(database.db, "next-worker", next.id);
    expect(await remaining("taken-over")).toEqual([]);
  });

  it("gives up a job whose worker died on every try, without running it again", async () => {
    const gaveUp: string[] = [];
    let runs = 0;
    await enqueueJobs(database.db, [{ kind: "killer", payload: {}, maxAttempts: 2 }]);
    for (const dead of ["dead-1", "dead-2"]) {
      expect(await claimJob(database.db, dead, ["killer"], 60)).not.toBeNull();
      await database.db
        .updateTable("job_queue")
        .set({ lease_until: sql`now() - interval '1 second'` })
        .where("kind", "=", "killer")
        .execute();
    }
    const made = worker({
      killer: {
        run: async () => {
          runs++;
        },
        gaveUp: async (_payload, error) => {
          gaveUp.push(error);
        },
      },
    });
    await made.start();
    await until(async () => (await remaining("killer"))[0]?.state === "failed", "the job to be given up");
    await made.close();
    expect(runs).toBe(0);
    expect(gaveUp).toEqual(["its worker stopped during each of 2 tries"]);
  });

  it("hands running jobs back when a worker stops, and puts off jobs that cannot start yet", async () => {
    let started = 0;
    let notYet = 0;
    const stopping = worker({
      long: {
        run: async (_payload, { signal }) => {
          started++;
          await new Promise((resolve) => signal.addEventListener("abort", resolve));
        },
        gaveUp: async () => {},
      },
      later: {
        run: async () => {
          notYet++;
          throw new NotYet(60_000);
        },
        gaveUp: async () => {},
      },
    });
    await enqueueJobs(database.db, [
      { kind: "long", payload: {} },
      { kind: "later", payload: {} },
    ]);
    await stopping.start();
    await until(() => started === 1 && notYet === 1, "both jobs to start");
    await stopping.close();
    const rows = await database.db
      .selectFrom("job_queue")
      .select(["kind", "state", "attempts", "worker", sqlDue()])
      .where("kind", "in", ["long", "later"])
      .orderBy("kind")
      .execute();
    expect(rows).toEqual([
      { kind: "later", state: "ready", attempts: 0, worker: null, due: false },
      { kind: "long", state: "ready", attempts: 0, worker: null, due: true },
    ]);
  });
});

/** Whether the job may be claimed now. */
const sqlDue = () => sql<boolean>`run_at <= now()`.as("due");

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkerConcurrency } from "../../src/server/config.ts";
import type { DatabaseHandle } from "../../src/server/db/database.ts";
import { claimJob, enqueueJobs } from "../../src/server/jobs/job-queue.ts";
import { type JobHandler, JobWorker, NotYet } from "../../src/server/jobs/job-worker.ts";
import { retryDelayMs } from "../../src/server/jobs/retry-backoff.ts";
import { BACKENDS, openTestDatabase } from "../server-database.ts";
import { until } from "../wait.ts";

const quietLog = { error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
        await sleep(15);
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

  it("retries a failing job with growing waits, then completes it", async () => {
    const tries: number[] = [];
    const made = worker({
      flaky: {
        run: async (_payload, { attempt }) => {
          tries.push(Date.now());
          if (attempt < 3) throw new Error(`try ${attempt} failed`);
        },
        gaveUp: async () => {
          throw new Error("a job that succeeds is not given up");
        },
      },
    });
    await enqueueJobs(database.db, [{ kind: "flaky", payload: {}, maxAttempts: 3 }]);
    await made.start();
    await until(async () => (await remaining("flaky"))[0]?.last_error !== null, "the first try to fail");
    const [afterFirst] = await remaining("flaky");
    expect(afterFirst.state).toBe("ready");
    expect(afterFirst.last_error).toBe("try 1 failed");
    await until(async () => tries.length === 3 && (await remaining("flaky")).length === 0, "the third try");
    // 300 ms after the first failure, 600 after the second (a little less for clock rounding).
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(280);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(580);
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
    await until(() => gaveUp.length === 1, "the job to be given up");
    await sleep(400);
    expect(gaveUp).toEqual(["always broken"]);
    const [row] = await remaining("doomed");
    expect(row).toMatchObject({ state: "failed", attempts: 2, last_error: "always broken" });
    await made.close();
  });

  it("takes up a job whose worker died once its lease runs out", async () => {
    await enqueueJobs(database.db, [{ kind: "orphan", payload: { song: 1 } }]);
    // A worker claims it with a one-second lease, then dies: it never renews nor finishes.
    const dead = await claimJob(database.db, "dead-worker", ["orphan"], 1);
    expect(dead?.attempts).toBe(1);
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
    await sleep(400);
    expect(ran).toEqual([]);
    await until(() => ran.length === 1, "the orphan to be taken up");
    expect(ran).toEqual([2]);
    await until(async () => (await remaining("orphan")).length === 0, "the orphan to complete");
    await made.close();
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

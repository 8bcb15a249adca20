import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A job as a worker holds it: `attempts` counts this try. */
export interface ClaimedJob {
  readonly id: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly attempts: number;
  readonly maxAttempts: number;
}

export interface NewJob {
  readonly kind: string;
  /** JSON the kind's handler reads (ids, not rows: the row may change before the job runs). */
  readonly payload: unknown;
  /** Tries before it is given up (a worker dying mid-job counts as one); 3 by default. */
  readonly maxAttempts?: number;
}

/**
 * Puts jobs on the queue. Given the transaction that creates what they work on, they exist exactly
 * when it commits: no job without its rows, no rows without their job.
 */
export async function enqueueJobs(db: Db, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto("job_queue")
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        payload: sql<unknown>`${JSON.stringify(job.payload)}::jsonb`,
        max_attempts: job.maxAttempts ?? 3,
      })),
    )
    .execute();
}

/**
 * Claims the oldest due job of these kinds for `worker`, leased for `leaseSeconds`: a ready job whose
 * time has come, or a running one whose lease ran out (its worker died). SKIP LOCKED lets workers
 * claim side by side without waiting on each other, and never two of them the same row.
 */
export async function claimJob(
  db: Kysely<Database>,
  worker: string,
  kinds: readonly string[],
  leaseSeconds: number,
): Promise<ClaimedJob | null> {
  const { rows } = await sql<{
    id: number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>`
    update job_queue
    set state = 'running', attempts = attempts + 1, worker = ${worker},
      lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from job_queue
      where kind in (${sql.join(kinds)})
        and ((state = 'ready' and run_at <= now()) or (state = 'running' and lease_until < now()))
      order by run_at, id
      limit 1
      for update skip locked)
    returning id, kind, payload, attempts, max_attempts`.execute(db);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      }
    : null;
}

/** Renews the leases `worker` holds on these jobs; answers the ids it still holds (a lost one was taken over). */
export async function renewLeases(
  db: Kysely<Database>,
  worker: string,
  ids: readonly number[],
  leaseSeconds: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable("job_queue")
    .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where("id", "in", [...ids])
    .where("worker", "=", worker)
    .where("state", "=", "running")
    .returning("id")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The job is done: its row goes. Nothing happens if `worker` no longer holds it. */
export async function completeJob(db: Kysely<Database>, worker: string, id: number): Promise<void> {
  await db.deleteFrom("job_queue").where("id", "=", id).where("worker", "=", worker).execute();
}

/**
 * A try failed: the job is due again after `delayMs`, or, past its last attempt, failed for good
 * (kept with its error). Answers whether it was given up by this call: never when `worker` no longer
 * holds the job.
 */
export async function failJob(
  db: Kysely<Database>,
  worker: string,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const givenUp = job.attempts >= job.maxAttempts;
  const { numUpdatedRows } = await db
    .updateTable("job_queue")
    .set({
      state: givenUp ? "failed" : "ready",
      run_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lease_until: null,
      worker: null,
      last_error: error.slice(0, 2000),
    })
    .where("id", "=", job.id)
    .where("worker", "=", worker)
    .executeTakeFirst();
  // A worker that lost the job (its lease ran out and another took it) gives nothing up.
  return givenUp && numUpdatedRows > 0n;
}

/**
 * Hands a job back without counting the try, due after `delayMs`: a worker stopping, or a job that
 * cannot start yet (its owner's earlier songs still render).
 */
export async function releaseJob(
  db: Kysely<Database>,
  worker: string,
  id: number,
  delayMs = 0,
): Promise<void> {
  await db
    .updateTable("job_queue")
    .set({
      state: "ready",
      attempts: sql`greatest(attempts - 1, 0)`,
      run_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lease_until: null,
      worker: null,
    })
    .where("id", "=", id)
    .where("worker", "=", worker)
    .where("state", "=", "running")
    .execute();
}

/** Marks a job given up without running it (a job whose worker died on each of its tries). */
export async function giveUpJob(
  db: Kysely<Database>,
  worker: string,
  id: number,
  error: string,
): Promise<void> {
  await db
    .updateTable("job_queue")
    .set({ state: "failed", lease_until: null, worker: null, last_error: error })
    .where("id", "=", id)
    .where("worker", "=", worker)
    .execute();
}

/**
 * Hands back every running job at once: only for a database this process alone uses (the embedded
 * one), where whatever was running when it opened was left by this server's previous life.
 */
export async function releaseOrphans(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .updateTable("job_queue")
    .set({ state: "ready", lease_until: null, worker: null })
    .where("state", "=", "running")
    .returning("id")
    .execute();
  return rows.length;
}

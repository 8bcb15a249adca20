import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { refundCredits, reserveCredits } from "../billing/credits.ts";
import type { Entitled } from "../billing/entitlements.ts";
import { createClip } from "../clips/clip-store.ts";
import type { Database, GeneratedClipState } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { enqueueJobs } from "../jobs/job-queue.ts";
import { concurrencyLimitsFor, TOO_MANY_RUNNING_JOBS } from "./concurrency-limits.ts";
import type { StoredPlan } from "./stored-plan.ts";

type Db = Kysely<Database>;

export const UNFINISHED_STATES: readonly GeneratedClipState[] = ["queued", "submitted", "streaming"];

/** The durable queue's kind for one clip to render (payload: generateClipPayloadSchema). */
export const GENERATE_CLIP_JOB = "generate-clip";

/** A clip a job is to make, as it first appears in the library. */
export interface ClipToMake {
  readonly title: string;
  readonly metadata: ClipMetadata;
  readonly seed: number;
  readonly personaId?: string | null;
  readonly rootClipId?: string | null;
  /** The workspace it goes in (clips.project_id); the default one when absent. */
  readonly projectId?: string | null;
}

export interface JobSubmission {
  readonly user: Entitled & { readonly id: string };
  readonly kind: "generate" | "concat" | "upsample" | "speed" | "edit";
  readonly modelKey: string;
  readonly majorModelVersion: string;
  readonly plan: StoredPlan;
  /** Credits taken with the clips (0 for free actions); the reason is kept in the ledger. */
  readonly credits: number;
  readonly reason: string;
  readonly clips: readonly ClipToMake[];
}

export interface SubmittedJob {
  readonly jobId: string;
  readonly createdAt: Date;
  readonly clips: readonly { readonly clipId: string; readonly state: "queued" | "submitted" }[];
}

/**
 * Creates a job and its clips and takes its credits, in one transaction. The user's row is locked
 * first, so two requests of one user count each other's jobs: the concurrency limits (429) and
 * the credit check (402) cannot be raced past.
 */
export function submitJob(db: Db, submission: JobSubmission): Promise<SubmittedJob> {
  const userId = submission.user.id;
  const limits = concurrencyLimitsFor(submission.user);
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
    const running = await trx
      .selectFrom("generated_clips")
      .innerJoin("generation_jobs", "generation_jobs.id", "generated_clips.job_id")
      .select([
        sql<number>`count(distinct generation_jobs.id)::int`.as("jobs"),
        sql<number>`count(*) filter (where generated_clips.state in ('submitted', 'streaming'))::int`.as(
          "rendering",
        ),
      ])
      .where("generation_jobs.user_id", "=", userId)
      .where("generated_clips.state", "in", [...UNFINISHED_STATES])
      .executeTakeFirstOrThrow();
    if (running.jobs >= limits.runningJobs) throw new HttpError(429, TOO_MANY_RUNNING_JOBS);

    const clipIds = submission.clips.map(() => randomUUID());
    const reservation =
      submission.credits > 0
        ? await reserveCredits(trx, userId, submission.credits, submission.reason, clipIds)
        : null;
    const job = await trx
      .insertInto("generation_jobs")
      .values({
        user_id: userId,
        kind: submission.kind,
        task: submission.plan.task,
        model_key: submission.modelKey,
        plan: sql<unknown>`${JSON.stringify(submission.plan)}::jsonb`,
        reservation_id: reservation?.entryId ?? null,
        credits: reservation?.amount ?? 0,
      })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    const clips: { clipId: string; state: "queued" | "submitted" }[] = [];
    for (const [position, clip] of submission.clips.entries()) {
      const state = running.rendering + position < limits.renderingClips ? "submitted" : "queued";
      const clipId = clipIds[position];
      await createClip(trx, {
        id: clipId,
        userId,
        title: clip.title,
        status: state,
        modelName: submission.modelKey,
        majorModelVersion: submission.majorModelVersion,
        personaId: clip.personaId ?? null,
        rootClipId: clip.rootClipId ?? null,
        projectId: clip.projectId ?? null,
        metadata: clip.metadata,
      });
      await trx
        .insertInto("generated_clips")
        .values({ clip_id: clipId, job_id: job.id, position, seed: clip.seed, state })
        .execute();
      clips.push({ clipId, state });
    }
    // Each clip's rendering goes on the durable queue with its rows: it is done even if this server dies.
    await enqueueJobs(
      trx,
      clipIds.map((clipId) => ({
        kind: GENERATE_CLIP_JOB,
        payload: { clipId, renderingLimit: limits.renderingClips },
      })),
    );
    return { jobId: job.id, createdAt: job.created_at as unknown as Date, clips };
  });
}

/**
 * Lets a queued clip start rendering (queued to submitted) when its owner's rendering clips are under
 * the limit; false, changing nothing, when they are not. Counted under the user's row lock, as
 * submissions are, so two workers cannot both admit past the limit.
 */
export function admitQueuedClip(db: Db, clipId: string, userId: string, limit: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
    const { rendering } = await trx
      .selectFrom("generated_clips")
      .innerJoin("generation_jobs", "generation_jobs.id", "generated_clips.job_id")
      .select(sql<number>`count(*)::int`.as("rendering"))
      .where("generation_jobs.user_id", "=", userId)
      .where("generated_clips.state", "in", ["submitted", "streaming"])
      .executeTakeFirstOrThrow();
    if (rendering >= limit) return false;
    if (!(await moveGeneratedClip(trx, clipId, "submitted", ["queued"]))) return false;
    await trx.updateTable("clips").set({ status: "submitted" }).where("id", "=", clipId).execute();
    return true;
  });
}

/**
 * Moves a generated clip's job row to a new state when it is in one of `from`; false when it is not
 * (already over, or deleted), so a late report changes nothing. Its library row is the caller's.
 */
export async function moveGeneratedClip(
  trx: Transaction<Database>,
  clipId: string,
  state: Exclude<GeneratedClipState, "error">,
  from: readonly GeneratedClipState[],
): Promise<boolean> {
  const moved = await trx
    .updateTable("generated_clips")
    .set({ state, updated_at: sql`now()` })
    .where("clip_id", "=", clipId)
    .where("state", "in", [...from])
    .returning("clip_id")
    .executeTakeFirst();
  return moved !== undefined;
}

/** Each failed clip gives back its share of the job's credits; together, all of them. */
function refundShare(credits: number, clipCount: number, position: number): number {
  const base = Math.floor(credits / clipCount);
  return base + (position < credits - base * clipCount ? 1 : 0);
}

async function failInTransaction(
  trx: Transaction<Database>,
  clipId: string,
  reason: { readonly type: string; readonly message: string; readonly detail: string },
): Promise<boolean> {
  const row = await trx
    .updateTable("generated_clips")
    .set({ state: "error", error: reason.detail.slice(0, 2000), updated_at: sql`now()` })
    .where("clip_id", "=", clipId)
    .where("state", "in", [...UNFINISHED_STATES])
    .returning(["job_id", "position", "refunded"])
    .executeTakeFirst();
  if (!row) return false;
  const job = await trx
    .selectFrom("generation_jobs")
    .select(["user_id", "reservation_id", "credits"])
    .select((eb) =>
      eb
        .selectFrom("generated_clips")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("generated_clips.job_id", "=", "generation_jobs.id")
        .as("clip_count"),
    )
    .where("id", "=", row.job_id)
    .executeTakeFirstOrThrow();
  let refunded = false;
  const share = refundShare(job.credits, job.clip_count ?? 1, row.position);
  if (job.reservation_id !== null && share > 0 && !row.refunded) {
    const change = await refundCredits(trx, job.user_id, share, "generation failed", [clipId], {
      refundOf: job.reservation_id,
    });
    refunded = change.amount > 0;
    await trx.updateTable("generated_clips").set({ refunded: true }).where("clip_id", "=", clipId).execute();
  }
  const metadata: ClipMetadata = {
    refund_credits: refunded || job.credits === 0,
    error_type: reason.type,
    error_message: reason.message.slice(0, 2000),
  };
  await trx
    .updateTable("clips")
    .set({
      status: "error",
      metadata: sql<Record<string, unknown>>`clips.metadata || ${JSON.stringify(metadata)}::jsonb`,
    })
    .where("id", "=", clipId)
    .execute();
  return true;
}

/**
 * Marks a clip failed and refunds its share of the job's credits, once: a clip already over (or a
 * second failure report) changes nothing. Answers whether it changed.
 */
export function failClip(
  db: Db,
  clipId: string,
  reason: { readonly type: string; readonly message: string; readonly detail: string },
): Promise<boolean> {
  return db.transaction().execute((trx) => failInTransaction(trx, clipId, reason));
}

import { type Kysely, type Selectable, sql } from "kysely";
import { hashString } from "../../generator/compose/random.ts";
import { moderatePrompt } from "../../generator/lyrics/moderate-prompt.ts";
import { writeLyrics } from "../../generator/lyrics/write-lyrics.ts";
import {
  type GenerateLyricsBody,
  LYRICS_JOB_NOT_FOUND,
  LYRICS_JOBS_PER_MINUTE,
  type LyricsJob,
  TOO_MANY_LYRICS_REQUESTS,
} from "../../shared/api/lyrics.ts";
import type { Database, LyricsJobsTable } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";

type LyricsJobRow = Selectable<LyricsJobsTable>;

/** A job still running this long after it started lost its worker (a restart): it is run again. */
const STALE_AFTER_MS = 10_000;
/** The message the create page maps to its 'Prompt error.' toast. */
const UNABLE_TO_GENERATE = "Unable to generate lyrics from this prompt";

export function lyricsJobView(row: LyricsJobRow): LyricsJob {
  const finished = row.from_create_page ? "done" : "complete";
  return {
    id: row.id,
    status: row.status === "done" ? finished : row.status,
    text: row.text,
    title: row.title,
    tags: row.tags,
    error_message: row.error_message,
  };
}

/**
 * Starts a lyrics job: at most LYRICS_JOBS_PER_MINUTE per user per minute, counted under a lock
 * on the user's row so concurrent requests cannot slip past the limit together.
 */
export async function startLyricsJob(
  db: Kysely<Database>,
  userId: string,
  body: GenerateLyricsBody,
): Promise<string> {
  const id = await db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    const recent = await trx
      .selectFrom("lyrics_jobs")
      .where("user_id", "=", userId)
      .where(sql<boolean>`created_at > now() - interval '1 minute'`)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= LYRICS_JOBS_PER_MINUTE) throw new HttpError(429, TOO_MANY_LYRICS_REQUESTS);
    const row = await trx
      .insertInto("lyrics_jobs")
      .values({
        user_id: userId,
        prompt: body.prompt,
        lyrics_model: body.lyrics_model ?? "",
        from_create_page: Boolean(body.create_session_token),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return id;
}

/**
 * Writes the job's lyrics, or its moderation error. Idempotent: only a running job is updated,
 * and the seed comes from the job's id, so running it twice writes the same lyrics.
 */
export async function runLyricsJob(db: Kysely<Database>, jobId: string): Promise<void> {
  const job = await db.selectFrom("lyrics_jobs").selectAll().where("id", "=", jobId).executeTakeFirst();
  if (job?.status !== "running") return;
  const moderation = moderatePrompt(job.prompt);
  let outcome: Partial<Pick<LyricsJobRow, "status" | "text" | "title" | "tags" | "error_message">>;
  if (!moderation.ok) {
    outcome = { status: "error", error_message: moderation.message };
  } else {
    try {
      const lyrics = writeLyrics(job.prompt, hashString(job.id));
      outcome = { status: "done", text: lyrics.text, title: lyrics.title, tags: lyrics.tags };
    } catch {
      outcome = { status: "error", error_message: UNABLE_TO_GENERATE };
    }
  }
  await db
    .updateTable("lyrics_jobs")
    .set({ ...outcome, updated_at: sql`now()` })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .execute();
}

/** The user's job; one left running by a restart is finished before it is answered. */
export async function findLyricsJob(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
): Promise<LyricsJobRow> {
  const read = () =>
    db
      .selectFrom("lyrics_jobs")
      .selectAll()
      .where("id", "=", jobId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  const job = await read();
  if (!job) throw notFound(LYRICS_JOB_NOT_FOUND);
  const age = Date.now() - (job.created_at as unknown as Date).getTime();
  if (job.status !== "running" || age < STALE_AFTER_MS) return job;
  await runLyricsJob(db, jobId);
  return (await read()) ?? job;
}

import type { Selectable } from "kysely";
import { type Kysely, sql } from "kysely";
import type { BeatsResult } from "../../shared/beats/beats-result.ts";
import type { ClipDownbeatsTable, Database } from "../db/schema.ts";

export type BeatJobRow = Selectable<ClipDownbeatsTable>;

/** The result column: the analysis, and how many seconds of audio it covered. */
export type StoredBeats = BeatsResult & { readonly seconds_analysed: number };

/** A running job whose server has not touched it for this long was cut short (restart, crash). */
export const STALE_SECONDS = 30;
/** A failed analysis is tried again after this long: the failure may have been the server's. */
export const RETRY_ERROR_SECONDS = 600;

export const readBeatJob = (db: Kysely<Database>, clipId: string) =>
  db.selectFrom("clip_downbeats").selectAll().where("clip_id", "=", clipId).executeTakeFirst();

/** Whether a row already answers for this audio, or needs a (new) job. */
export function isSettled(row: BeatJobRow, audioKey: string, now = Date.now()): boolean {
  if (row.audio_key !== audioKey) return false;
  const age = (since: Date) => (now - new Date(since).getTime()) / 1000;
  if (row.state === "running") return age(row.heartbeat_at) < STALE_SECONDS;
  if (row.state === "error") return age(row.updated_at) < RETRY_ERROR_SECONDS;
  return true;
}

/**
 * Takes the clip's job for this server: inserts it, or takes over a row for other audio, a stale
 * running one, or an old error. Answers the row when taken, undefined when someone else holds a
 * live job (or the result is there): one statement, so two servers never both take it.
 */
export function claimBeatJob(
  db: Kysely<Database>,
  clipId: string,
  audioKey: string,
  start: { state: "running" } | { state: "complete"; result: StoredBeats; source: "supplied" },
): Promise<BeatJobRow | undefined> {
  const values = {
    audio_key: audioKey,
    state: start.state,
    result: start.state === "complete" ? sql<unknown>`${JSON.stringify(start.result)}::jsonb` : null,
    error: null,
    source: start.state === "complete" ? start.source : ("analysis" as const),
  };
  return db
    .insertInto("clip_downbeats")
    .values({ clip_id: clipId, ...values })
    .onConflict((conflict) =>
      conflict
        .column("clip_id")
        .doUpdateSet({
          ...values,
          heartbeat_at: sql`now()`,
          updated_at: sql`now()`,
          created_at: sql`now()`,
        })
        .where(
          sql<boolean>`clip_downbeats.audio_key <> excluded.audio_key
          or (clip_downbeats.state = 'running'
            and clip_downbeats.heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))
          or (clip_downbeats.state = 'error'
            and clip_downbeats.updated_at < now() - make_interval(secs => ${RETRY_ERROR_SECONDS}))`,
        ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Tells other servers (and this one after a restart) that these jobs are still alive. */
export async function touchBeatJobs(db: Kysely<Database>, clipIds: readonly string[]): Promise<void> {
  if (clipIds.length === 0) return;
  await db
    .updateTable("clip_downbeats")
    .set({ heartbeat_at: sql`now()` })
    .where("clip_id", "in", [...clipIds])
    .where("state", "=", "running")
    .execute();
}

/** Ends a job this server holds; a row taken over meanwhile (other audio) is left alone. */
export async function finishBeatJob(
  db: Kysely<Database>,
  clipId: string,
  audioKey: string,
  outcome: { result: StoredBeats } | { error: string },
): Promise<void> {
  await db
    .updateTable("clip_downbeats")
    .set({
      state: "result" in outcome ? "complete" : "error",
      result: "result" in outcome ? sql<unknown>`${JSON.stringify(outcome.result)}::jsonb` : null,
      error: "error" in outcome ? outcome.error : null,
      updated_at: sql`now()`,
    })
    .where("clip_id", "=", clipId)
    .where("audio_key", "=", audioKey)
    .where("state", "=", "running")
    .execute();
}

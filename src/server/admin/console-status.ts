import { Readable } from "node:stream";
import { sql } from "kysely";
import type { HealthView, JobClip, JobsView } from "../../shared/api/admin.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";

const RUNNING = ["queued", "submitted", "processing", "streaming"];

async function clipsIn(
  database: DatabaseHandle,
  statuses: readonly string[],
  limit: number,
): Promise<JobClip[]> {
  const { rows } = await sql<{
    clip_id: string;
    title: string;
    owner_handle: string;
    status: string;
    created_at: Date;
    refunded: boolean;
  }>`select c.id as clip_id, c.title, u.handle as owner_handle, c.status, c.created_at,
      exists (select 1 from credit_ledger l where l.kind = 'refund' and c.id::text = any(l.clip_ids)) as refunded
    from clips c join users u on u.id = c.user_id
    where c.status in (${sql.join(statuses)})
    order by c.created_at desc limit ${limit}`.execute(database.db);
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}

/** Generation as staff see it: the queue's jobs by state, songs rendering, songs failed (and refunded). */
export async function jobsView(database: DatabaseHandle): Promise<JobsView> {
  const states = await database.db
    .selectFrom("job_queue")
    .select(["state", sql<number>`count(*)::int`.as("count")])
    .groupBy("state")
    .execute();
  return {
    queue: Object.fromEntries(states.map((row) => [row.state, row.count])),
    running: await clipsIn(database, RUNNING, 50),
    failed: await clipsIn(database, ["error"], 50),
  };
}

/** Whether the media store takes a write, gives it back and deletes it. */
async function storageWritable(storage: Storage): Promise<{ writable: boolean; detail: string | null }> {
  const key = `health/probe-${process.pid}-${Date.now()}`;
  try {
    await storage.put(key, Readable.from([Buffer.from("ok")]), { contentType: "text/plain" });
    const found = await storage.stat(key);
    await storage.delete(key);
    return found
      ? { writable: true, detail: null }
      : { writable: false, detail: "A written file was not found" };
  } catch (error) {
    return { writable: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function healthView(database: DatabaseHandle, storage: Storage): Promise<HealthView> {
  const size = await sql<{ size: string }>`select pg_database_size(current_database())::text as size`
    .execute(database.db)
    .then((result) => Number(result.rows[0]?.size ?? Number.NaN))
    .catch(() => null);
  const counts = await sql<{ users: number; songs: number; open_reports: number }>`select
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from clips) as songs,
      (select count(distinct clip_id)::int from clip_flags) + (select count(distinct comment_id)::int from comment_reports) as open_reports`
    .execute(database.db)
    .then((result) => result.rows[0] ?? null)
    .catch(() => null);
  return {
    database: {
      backend: database.backend,
      reachable: counts !== null,
      size_bytes: size !== null && Number.isFinite(size) ? size : null,
    },
    storage: await storageWritable(storage),
    counts: counts ?? { users: 0, songs: 0, open_reports: 0 },
  };
}

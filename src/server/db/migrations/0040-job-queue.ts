import { type Kysely, sql } from "kysely";

/**
 * The durable job queue: one row per piece of long work (a clip to render, ...). A worker claims a
 * due row with FOR UPDATE SKIP LOCKED and holds it under a lease it keeps renewing; a row whose
 * lease ran out (its worker died) is due again, so another worker or the next start finishes it.
 * A finished job's row is deleted; a failed one stays, with its last error, for the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_queue")
    .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("payload", "jsonb", (column) => column.notNull())
    .addColumn("state", "text", (column) =>
      column.notNull().defaultTo("ready").check(sql`state in ('ready', 'running', 'failed')`),
    )
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (column) => column.notNull().defaultTo(3))
    .addColumn("run_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("lease_until", "timestamptz")
    .addColumn("worker", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // What a claim scans: due work, oldest first.
  await sql`create index job_queue_due on job_queue (run_at, id) where state <> 'failed'`.execute(db);
  // Clips left unfinished by a server that ran them in memory before this queue: their work goes on it.
  await sql`
    insert into job_queue (kind, payload)
    select 'generate-clip', jsonb_build_object('clipId', generated_clips.clip_id, 'renderingLimit', 2)
    from generated_clips
    where generated_clips.state in ('queued', 'submitted', 'streaming')
    order by generated_clips.updated_at`.execute(db);
  // The queue's leases replace the generation jobs' own heartbeat.
  await sql`alter table generation_jobs drop column heartbeat_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generation_jobs add column heartbeat_at timestamptz not null default now()`.execute(
    db,
  );
  await db.schema.dropTable("job_queue").execute();
}

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One generation request (a batch of clips, or a library action such as concat or remaster): what
  // it asked for, the credits it reserved, and a heartbeat the server running it keeps fresh, so a
  // request left behind by a crashed server is found, failed and refunded.
  await db.schema
    .createTable("generation_jobs")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) =>
      column.notNull().check(sql`kind in ('generate', 'concat', 'upsample', 'speed')`),
    )
    .addColumn("task", "text", (column) => column.notNull())
    .addColumn("model_key", "text", (column) => column.notNull())
    // JSON: the request as derived (a StoredPlan, src/server/generation/stored-plan.ts), references by id.
    .addColumn("plan", "jsonb", (column) => column.notNull())
    // The credit_ledger reservation it took; null when the action is free.
    .addColumn("reservation_id", "bigint", (column) =>
      column.references("credit_ledger.id").onDelete("set null"),
    )
    .addColumn("credits", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("heartbeat_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // A clip a job makes: its seed, where it is, and once complete what later tasks build on (the score,
  // aligned words, stems, MIDI).
  await db.schema
    .createTable("generated_clips")
    .addColumn("clip_id", "uuid", (column) => column.primaryKey().references("clips.id").onDelete("cascade"))
    .addColumn("job_id", "uuid", (column) =>
      column.notNull().references("generation_jobs.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("seed", "bigint", (column) => column.notNull().check(sql`seed >= 0 and seed < 4294967296`))
    .addColumn("state", "text", (column) =>
      column.notNull().check(sql`state in ('queued', 'submitted', 'streaming', 'complete', 'error')`),
    )
    .addColumn("aligned_words", "jsonb")
    .addColumn("score", "jsonb")
    // JSON: [{name, key}] of the stems kept in storage.
    .addColumn("stems", "jsonb")
    .addColumn("midi_key", "text")
    .addColumn("error", "text")
    .addColumn("refunded", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index generated_clips_job on generated_clips (job_id, position)`.execute(db);
  // Running work is what the concurrency limits and the crash sweep look at.
  await sql`create index generated_clips_unfinished on generated_clips (job_id) where state not in ('complete', 'error')`.execute(
    db,
  );
  await sql`create index generation_jobs_user_created on generation_jobs (user_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("generated_clips").execute();
  await db.schema.dropTable("generation_jobs").execute();
}

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One beat analysis per clip: the job's state while it runs, its result (or error) once it is over.
  await db.schema
    .createTable("clip_downbeats")
    .addColumn("clip_id", "uuid", (column) => column.primaryKey().references("clips.id").onDelete("cascade"))
    // The audio analysed: a clip whose audio changes is analysed again.
    .addColumn("audio_key", "text", (column) => column.notNull())
    .addColumn("state", "text", (column) =>
      column.notNull().check(sql`state in ('running', 'complete', 'error')`),
    )
    // JSON: the BeatsResult once complete.
    .addColumn("result", "jsonb")
    .addColumn("error", "text")
    // "supplied" when the uploader gave the downbeats with initialize-clip; "analysis" otherwise.
    .addColumn("source", "text", (column) =>
      column.notNull().defaultTo("analysis").check(sql`source in ('analysis', 'supplied')`),
    )
    // A running job's server touches this every few seconds; one left stale was cut short (a restart,
    // a crash) and is taken over by the next request.
    .addColumn("heartbeat_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("clip_downbeats").execute();
}

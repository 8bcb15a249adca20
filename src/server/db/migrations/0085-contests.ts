import { type Kysely, sql } from "kysely";

/*
 * Contests run: staff open one on one or more base songs with rules and an end time; people enter
 * their remixes of a base song by publishing or pinning them with submit_to_contest. The single
 * base_clip_id of 0015 becomes a list (contest_base_clips), kept in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("contests")
    .addColumn("rules", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("end_time", "timestamptz")
    .addColumn("created_by", "uuid", (column) => column.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createTable("contest_base_clips")
    .addColumn("contest_id", "uuid", (column) =>
      column.notNull().references("contests.id").onDelete("cascade"),
    )
    .addColumn("clip_id", "uuid", (column) => column.notNull().references("clips.id").onDelete("cascade"))
    .addColumn("position", "integer", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("contest_base_clips_pk", ["contest_id", "clip_id"])
    .execute();
  await db.schema.createIndex("contest_base_clips_clip").on("contest_base_clips").column("clip_id").execute();
  await sql`insert into contest_base_clips (contest_id, clip_id)
    select id, base_clip_id from contests where base_clip_id is not null`.execute(db);
  await db.schema.alterTable("contests").dropColumn("base_clip_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("contests")
    .addColumn("base_clip_id", "uuid", (column) => column.references("clips.id").onDelete("set null"))
    .execute();
  await sql`update contests c set base_clip_id = (
      select clip_id from contest_base_clips b where b.contest_id = c.id order by position limit 1)`.execute(
    db,
  );
  await db.schema.dropTable("contest_base_clips").execute();
  await db.schema
    .alterTable("contests")
    .dropColumn("rules")
    .dropColumn("end_time")
    .dropColumn("created_by")
    .execute();
}

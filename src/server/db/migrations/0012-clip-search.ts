import { type Kysely, sql } from "kysely";

/**
 * The feed's search (title, tags, negative tags and prompt, case-insensitively) on an index: the
 * four fields lowered into one stored column, their parts kept apart by a unit separator so a phrase
 * never matches across two of them, and a trigram index that answers `like '%word%'`.
 *
 * pg_trgm goes in public, and its operator class is named with its schema: tests run each in a
 * schema of their own with only that schema on the search path. Several schemas migrating at once
 * may race to create it; whichever loses finds it made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm with schema public;
    exception when unique_violation or duplicate_object then
      null;
    end
    $$`.execute(db);
  // Installed before, it may live elsewhere: the index names the schema it is in.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgmSchema = rows[0]?.schema;
  if (!trgmSchema) throw new Error("The pg_trgm extension is not installed");

  await sql`
    alter table clips add column search_text text not null generated always as (
      lower(
        title || E'\\x1f' || coalesce(metadata->>'tags', '') || E'\\x1f' ||
        coalesce(metadata->>'negative_tags', '') || E'\\x1f' || coalesce(metadata->>'prompt', '')
      )
    ) stored`.execute(db);
  // fastupdate off: no pending list for queries to scan (the embedded database has no autovacuum
  // to flush one); each write updates the index itself.
  await sql`
    create index clips_search_trgm on clips
    using gin (search_text ${sql.id(trgmSchema)}.gin_trgm_ops) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index clips_search_trgm`.execute(db);
  await db.schema.alterTable("clips").dropColumn("search_text").execute();
  // The extension stays: other schemas of the same database may use it.
}

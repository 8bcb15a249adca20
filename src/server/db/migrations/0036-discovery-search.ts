import { type Kysely, sql } from "kysely";

/*
 * Search by relevance: a weighted full-text document per clip (title A, tags B, lyrics C; the
 * owner's handle, D, joins at query time from users), prefix-matched so a partial word finds its
 * song; a trigram index on lowered titles for misspelt ones; tag and hashtag arrays, indexed, for
 * the tag and hashtag result pages; trigram indexes on users and playlists for their searches.
 *
 * 'simple' configuration: titles and tags are names and genres in any language, where an English
 * stemmer would do more harm than good. pg_trgm is in place since 0012, in the schema it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const trgm = rows[0]?.schema;
  if (!trgm) throw new Error("The pg_trgm extension is not installed");
  const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;

  await sql`
    alter table clips add column search_doc tsvector not null generated always as (
      setweight(to_tsvector('simple'::regconfig, title), 'A') ||
      setweight(to_tsvector('simple'::regconfig, coalesce(metadata->>'tags', '')), 'B') ||
      setweight(to_tsvector('simple'::regconfig, coalesce(metadata->>'prompt', '')), 'C')
    ) stored`.execute(db);
  await sql`create index clips_search_doc on clips using gin (search_doc) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index clips_title_trgm on clips using gin (lower(title) ${ops}) with (fastupdate = off)`.execute(
    db,
  );

  // A song's tags: its comma-separated styles, trimmed and lowered; its hashtags: #words of its caption.
  await sql`
    create function clip_tag_list(tags text) returns text[] language sql immutable as $$
      select coalesce(array_agg(distinct trim(tag)) filter (where trim(tag) <> ''), '{}')
      from unnest(string_to_array(lower(coalesce(tags, '')), ',')) tag
    $$`.execute(db);
  await sql`
    create function clip_hashtags(caption text) returns text[] language sql immutable as $$
      select coalesce(array_agg(distinct lower(found[1])), '{}')
      from regexp_matches(coalesce(caption, ''), '#([[:alnum:]_]+)', 'g') found
    $$`.execute(db);
  await sql`create index clips_tag_list on clips using gin (clip_tag_list(metadata->>'tags'))`.execute(db);
  await sql`create index clips_hashtags on clips using gin (clip_hashtags(caption))`.execute(db);

  // A persona's song count (personas' lists, the home page's popular personas) reads clips by persona.
  await sql`create index clips_persona on clips (persona_id) where persona_id is not null`.execute(db);
  await sql`create index users_handle_trgm on users using gin (lower(handle || ' ' || display_name) ${ops})`.execute(
    db,
  );
  await sql`create index playlists_name_trgm on playlists using gin (lower(name) ${ops}) where is_public and not is_trashed`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index playlists_name_trgm`.execute(db);
  await sql`drop index users_handle_trgm`.execute(db);
  await sql`drop index clips_persona`.execute(db);
  await sql`drop index clips_hashtags`.execute(db);
  await sql`drop index clips_tag_list`.execute(db);
  await sql`drop function clip_hashtags(text)`.execute(db);
  await sql`drop function clip_tag_list(text)`.execute(db);
  await sql`drop index clips_title_trgm`.execute(db);
  await sql`drop index clips_search_doc`.execute(db);
  await db.schema.alterTable("clips").dropColumn("search_doc").execute();
}

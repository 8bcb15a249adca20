// Loads a library-sized data set in a few statements: INSERT ... SELECT over generate_series.
import { type Kysely, sql } from "kysely";
import type { Database } from "../src/server/db/schema.ts";
import { TRENDING_WEIGHTS } from "../src/shared/discovery/trending.ts";

export interface BenchData {
  readonly users: number;
  readonly clips: number;
  /** The measured user's share: a heavy library, the case that needs the index. */
  readonly libraryClips: number;
}

const ADJECTIVES =
  "Midnight Golden Electric Broken Silver Endless Quiet Neon Wild Paper Velvet Burning Frozen Hidden Lonely Summer".split(
    " ",
  );
const NOUNS =
  "Dream Highway Heart River Echo Garden Storm Mirror Letter Horizon Candle Ocean Shadow Engine Window Carousel".split(
    " ",
  );
const GENRES =
  "pop rock jazz lofi house techno folk soul funk metal ambient trap disco blues country reggae synthwave drill gospel punk indie opera piano orchestral".split(
    " ",
  );
/** In the tags of one clip in 1,000: five songs of the measured library (one with --quick). */
const RARE_WORD = "theremin";
const LINES = [
  "I walked the empty streets tonight",
  "the city hums a broken tune",
  "we were young and unafraid",
  "your voice is calling from the sea",
  "hold the light until the morning",
  "every road leads back to you",
  "the radio plays our song again",
  "dancing slowly in the rain",
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;

/** Users first (the measured one is bench_user_000001), then clips spread over them. */
export async function loadBenchData(db: Kysely<Database>, data: BenchData): Promise<{ userId: string }> {
  await sql`
    insert into users (email, handle, display_name, password_hash, credits)
    select 'bench' || g || '@bench.local', 'bench_user_' || lpad(g::text, 6, '0'), 'Bench ' || g, 'not-a-hash', 50
    from generate_series(1, ${data.users}) as g`.execute(db);
  const heavy = await db
    .selectFrom("users")
    .select("id")
    .where("handle", "=", "bench_user_000001")
    .executeTakeFirstOrThrow();
  // A bulk load, as an operator's import would do it: the clips' secondary indexes are built once after
  // the rows are in, and the trending row each new clip gets from its insert trigger (a genre found by
  // keyword patterns, ~4 ms a row on the embedded database) is made once per distinct tag text. Row by
  // row, 120,000 clips took some 20 minutes per database.
  const indexes = (
    await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename = 'clips' and schemaname = current_schema()
        and indexname not in (select conname from pg_constraint)`.execute(db)
  ).rows;
  for (const index of indexes) await sql`drop index ${sql.id(index.indexname)}`.execute(db);
  await sql`alter table clips disable trigger clip_scores_clip_insert`.execute(db);
  // Clip g: the first libraryClips belong to the measured user, the rest go round the others.
  // Titles, tags and lyrics come from small word lists, so each search word matches a known share.
  await sql`
    with u as (select array_agg(id order by handle) as ids from users where handle like 'bench_user_%'),
    adjectives as (select ${textArray(ADJECTIVES)} as a),
    nouns as (select ${textArray(NOUNS)} as a),
    genres as (select ${textArray(GENRES)} as a),
    lines as (select ${textArray(LINES)} as a)
    insert into clips (user_id, title, status, is_public, is_trashed, play_count, upvote_count, model_name,
                       major_model_version, metadata, created_at)
    select
      case when g <= ${data.libraryClips} then u.ids[1] else u.ids[2 + (g % (${data.users} - 1))] end,
      adjectives.a[1 + (g * 7) % 16] || ' ' || nouns.a[1 + (g * 13 / 5) % 16],
      case when g % 50 = 0 then 'error' else 'complete' end,
      g % 5 < 2,
      g % 33 = 0,
      (g * 7919) % 5000,
      (g * 31) % 200,
      'chirp-v4-5',
      'v4.5',
      jsonb_build_object(
        'type', case when g % 20 = 0 then 'stem' when g % 17 = 0 then 'upload' else 'gen' end,
        'tags', genres.a[1 + g % 24] || ', ' || genres.a[1 + (g / 24) % 24] || ', ' || genres.a[1 + (g * 5) % 24]
          || case when g % 1000 = 777 then ${sql.lit(`, ${RARE_WORD}`)} else '' end,
        'prompt', lines.a[1 + g % 8] || E'\n' || lines.a[1 + (g / 8) % 8] || E'\n' || lines.a[1 + (g / 64) % 8]
          || E'\n\n' || lines.a[1 + (g * 3) % 8] || E'\n' || lines.a[1 + (g * 5) % 8],
        'duration', 60 + (g % 180),
        'has_vocal', g % 7 <> 0
      ),
      now() - make_interval(secs => g * 31)
    from generate_series(1, ${data.clips}) as g, u, adjectives, nouns, genres, lines`.execute(db);
  await sql`alter table clips enable trigger clip_scores_clip_insert`.execute(db);
  // What the trigger inserts for a clip that remixes nothing (none of these does).
  const created = sql.lit(TRENDING_WEIGHTS.created);
  await sql`
    with genres as materialized (
      select tags, platform_genre(tags) as genre
      from (select distinct coalesce(metadata->>'tags', '') as tags from clips) as tag_texts
    )
    insert into clip_scores (clip_id, user_id, genre, heat, base_heat)
    select c.id, c.user_id, genres.genre, trending_heat(${created}, c.created_at), trending_heat(${created}, c.created_at)
    from clips c join genres on genres.tags = coalesce(c.metadata->>'tags', '')
    where not exists (select 1 from clip_scores s where s.clip_id = c.id)`.execute(db);
  for (const index of indexes) await sql.raw(index.indexdef).execute(db);
  await sql`analyze`.execute(db);
  return { userId: heavy.id };
}

/**
 * Search words of the measured requests, from common (a genre in ~1 in 8 clips) to rare ones the
 * index finds among few rows, and a phrase that matches nothing.
 */
export const SEARCH_WORDS = [
  "piano",
  "midnight",
  "ocean",
  "rain",
  "synthwave",
  "carousel",
  RARE_WORD,
  "velvet dream",
];

/**
 * For the discovery bench: the measured user follows `count` other creators' personas and likes
 * `count` public songs, so their home has personal lists and their following feed has songs.
 */
export async function loadFollowsAndLikes(
  db: Kysely<Database>,
  userId: string,
  count: number,
): Promise<void> {
  await sql`
    insert into personas (user_id, root_clip_id, name, is_public)
    select distinct on (clips.user_id) clips.user_id, clips.id, 'Persona of ' || clips.user_id, true
    from clips where clips.user_id <> ${userId} and clips.is_public
    order by clips.user_id, clips.created_at desc
    limit ${count}`.execute(db);
  await sql`
    insert into persona_follows (user_id, persona_id)
    select ${userId}, id from personas where user_id <> ${userId}`.execute(db);
  await sql`
    insert into clip_reactions (user_id, clip_id, reaction_type)
    select ${userId}, id, 'L' from clips where is_public and user_id <> ${userId}
    order by id limit ${count}`.execute(db);
  await sql`analyze`.execute(db);
}

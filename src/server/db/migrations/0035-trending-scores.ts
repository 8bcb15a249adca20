import { type Kysely, sql } from "kysely";
import { GENRE_PRESETS } from "../../../generator/compose/genres.ts";
import { HEAT_PER_SECOND, TRENDING_WEIGHTS } from "../../../shared/discovery/trending.ts";

/*
 * Trending, kept fresh by the events themselves: one row per clip in clip_scores holding its heat
 * (see src/shared/discovery/trending.ts: the log of its signals' weights, each counted from a fixed
 * epoch, so ranking by heat is ranking by the decayed score at any moment). Triggers add a signal
 * as it happens (a new clip, plays, a like or its withdrawal, a remix of someone else's song), so
 * no request recomputes anything and no route has to remember to report it.
 *
 * A clip's platform genre is the genre its tags name first, with the song generator's genre
 * keywords (the same rule it composes by), kept in a table so the trigger can match them. A plain
 * substring test comes before each keyword's regex: PostgreSQL keeps few compiled regexes, and
 * compiling a hundred per new clip made bulk inserts crawl.
 *
 * The weights and the half-life are written into the functions here: changing them takes a later
 * migration that replaces trending_heat and the trigger functions.
 */
const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const num = (value: number) => sql.raw(String(value));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table platform_genre_keywords (
      keyword text primary key,
      genre text not null,
      pattern text not null
    )`.execute(db);
  const rows = new Map<string, { genre: string; pattern: string }>();
  for (const preset of GENRE_PRESETS) {
    for (const keyword of preset.keywords) {
      // A keyword is a whole word of the tags, as the generator reads them.
      if (!rows.has(keyword))
        rows.set(keyword, {
          genre: preset.name,
          pattern: `(^|[^a-z0-9&])${regexEscape(keyword)}($|[^a-z0-9&])`,
        });
    }
  }
  for (const [keyword, { genre, pattern }] of rows) {
    await sql`insert into platform_genre_keywords values (${keyword}, ${genre}, ${pattern})`.execute(db);
  }
  await sql`
    create function platform_genre(tags text) returns text language sql stable as $$
      select genre from platform_genre_keywords
      where strpos(lower(coalesce(tags, '')), keyword) > 0 and lower(tags) ~ pattern
      order by regexp_instr(lower(tags), pattern), length(keyword) desc
      limit 1
    $$`.execute(db);

  await sql`
    create table clip_scores (
      clip_id uuid primary key references clips(id) on delete cascade,
      user_id uuid not null,
      genre text,
      heat double precision not null,
      base_heat double precision not null
    )`.execute(db);
  await sql`create index clip_scores_heat on clip_scores (heat desc)`.execute(db);
  await sql`create index clip_scores_genre_heat on clip_scores (genre, heat desc)`.execute(db);
  await sql`create index clip_scores_user_heat on clip_scores (user_id, heat desc)`.execute(db);

  await sql`
    create function trending_heat(weight double precision, at timestamptz) returns double precision
    language sql immutable as $$
      select ln(weight) + extract(epoch from at)::double precision * ${num(HEAT_PER_SECOND)}
    $$`.execute(db);
  // Adds (or, with a negative weight, withdraws) a signal. exp() of a large negative number is an
  // error in PostgreSQL, not 0: signals more than 700 e-folds apart are simply the larger one.
  await sql`
    create function trending_add(p_clip uuid, p_weight double precision, p_at timestamptz) returns void
    language plpgsql as $$
    declare
      k double precision := trending_heat(abs(p_weight), p_at);
    begin
      if p_weight > 0 then
        update clip_scores set heat = case
          when abs(heat - k) > 700 then greatest(heat, k)
          else greatest(heat, k) + ln(1 + exp(-abs(heat - k))) end
        where clip_id = p_clip;
      elsif p_weight < 0 then
        update clip_scores set heat = case
          when k >= heat then base_heat
          when heat - k > 700 then heat
          else greatest(base_heat, heat + ln(greatest(1 - exp(k - heat), 1e-12))) end
        where clip_id = p_clip;
      end if;
    end
    $$`.execute(db);

  await sql`
    create function clip_scores_on_clip_insert() returns trigger language plpgsql as $$
    declare
      parent text := coalesce(new.metadata->>'cover_clip_id', new.root_clip_id::text);
    begin
      insert into clip_scores (clip_id, user_id, genre, heat, base_heat)
      values (new.id, new.user_id, platform_genre(new.metadata->>'tags'),
              trending_heat(${num(TRENDING_WEIGHTS.created)}, new.created_at),
              trending_heat(${num(TRENDING_WEIGHTS.created)}, new.created_at));
      -- A remix counts for the song it remixes, when it is someone else's.
      if parent ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        perform trending_add(c.id, ${num(TRENDING_WEIGHTS.remix)}, new.created_at)
        from clips c where c.id = parent::uuid and c.user_id <> new.user_id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clip_scores_clip_insert after insert on clips
    for each row execute function clip_scores_on_clip_insert()`.execute(db);

  await sql`
    create function clip_scores_on_clip_update() returns trigger language plpgsql as $$
    begin
      if new.play_count > old.play_count then
        perform trending_add(new.id, ${num(TRENDING_WEIGHTS.play)} * (new.play_count - old.play_count), now());
      end if;
      if new.metadata->>'tags' is distinct from old.metadata->>'tags' then
        update clip_scores set genre = platform_genre(new.metadata->>'tags') where clip_id = new.id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clip_scores_clip_update after update of play_count, metadata on clips
    for each row execute function clip_scores_on_clip_update()`.execute(db);

  // A like counts from when it was given; taking it back withdraws it as given.
  await sql`
    create function clip_scores_on_reaction() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        if old.reaction_type = 'L' and (tg_op = 'DELETE' or new.reaction_type <> 'L') then
          perform trending_add(old.clip_id, -${num(TRENDING_WEIGHTS.like)}, old.created_at);
        end if;
      end if;
      if tg_op = 'INSERT' then
        if new.reaction_type = 'L' then
          perform trending_add(new.clip_id, ${num(TRENDING_WEIGHTS.like)}, new.created_at);
        end if;
      elsif tg_op = 'UPDATE' then
        if new.reaction_type = 'L' and old.reaction_type <> 'L' then
          perform trending_add(new.clip_id, ${num(TRENDING_WEIGHTS.like)}, now());
        end if;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clip_scores_reaction after insert or update or delete on clip_reactions
    for each row execute function clip_scores_on_reaction()`.execute(db);

  // The clips already there: created, liked and played (plays counted at creation: their times
  // were never kept).
  await sql`
    insert into clip_scores (clip_id, user_id, genre, heat, base_heat)
    select id, user_id, platform_genre(metadata->>'tags'),
           trending_heat(${num(TRENDING_WEIGHTS.created)}, created_at),
           trending_heat(${num(TRENDING_WEIGHTS.created)}, created_at)
    from clips`.execute(db);
  await sql`
    select trending_add(clip_id, ${num(TRENDING_WEIGHTS.like)}, created_at)
    from clip_reactions where reaction_type = 'L'`.execute(db);
  await sql`
    select trending_add(id, ${num(TRENDING_WEIGHTS.play)} * play_count, created_at)
    from clips where play_count > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger clip_scores_reaction on clip_reactions`.execute(db);
  await sql`drop trigger clip_scores_clip_update on clips`.execute(db);
  await sql`drop trigger clip_scores_clip_insert on clips`.execute(db);
  await sql`drop function clip_scores_on_reaction()`.execute(db);
  await sql`drop function clip_scores_on_clip_update()`.execute(db);
  await sql`drop function clip_scores_on_clip_insert()`.execute(db);
  await sql`drop function trending_add(uuid, double precision, timestamptz)`.execute(db);
  await sql`drop function trending_heat(double precision, timestamptz)`.execute(db);
  await sql`drop table clip_scores`.execute(db);
  await sql`drop function platform_genre(text)`.execute(db);
  await sql`drop table platform_genre_keywords`.execute(db);
}

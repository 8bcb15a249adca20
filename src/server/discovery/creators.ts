import { type Kysely, sql } from "kysely";
import type { DiscoverCreator } from "../../shared/api/discovery.ts";
import type { Database } from "../db/schema.ts";
import { discoverable, notParted } from "./discoverable.ts";

/** Trending creators are judged on the hottest songs only: a bounded read, whatever the catalogue's size. */
const HOT_SONGS_CONSIDERED = 2000;

export interface CreatorChoice {
  readonly limit: number;
  /** Only creators with hot songs in these genres. */
  readonly genres?: readonly string[];
  /** Leave out this user and the creators whose songs they already liked. */
  readonly newTo?: string | null;
  /** Whose list it is: creators they blocked, or who blocked them, are left out. */
  readonly viewerId?: string | null;
}

/**
 * Creators by the summed score of their hottest songs (each song's weight relative to the
 * hottest: exp(heat - max heat), the decayed scores' ratio at any moment).
 */
export async function trendingCreators(
  db: Kysely<Database>,
  choice: CreatorChoice,
): Promise<DiscoverCreator[]> {
  const genres = choice.genres;
  if (genres && genres.length === 0) return [];
  const inGenres = genres ? sql`and score.genre in (${sql.join([...genres])})` : sql``;
  // The creators the viewer already liked, gathered once (not per hot song).
  const newTo = choice.newTo
    ? sql`where hot.user_id <> ${choice.newTo} and hot.user_id not in (
        select lc.user_id from clip_reactions liked join clips lc on lc.id = liked.clip_id
        where liked.user_id = ${choice.newTo} and liked.reaction_type = 'L')`
    : sql``;
  const { rows } = await sql<DiscoverCreator>`
    with hot as (
      select score.user_id, score.heat from clip_scores score join clips on clips.id = score.clip_id
      where ${discoverable} and ${notParted(choice.viewerId ?? null)} ${inGenres}
      order by score.heat desc limit ${HOT_SONGS_CONSIDERED}
    ), top as (select max(heat) as heat from hot)
    select users.id, users.handle, users.display_name,
           count(*)::int as trending_song_count
    from hot join users on users.id = hot.user_id, top
    ${newTo}
    group by users.id, users.handle, users.display_name
    order by sum(exp(greatest(hot.heat - top.heat, -700))) desc, users.handle
    limit ${choice.limit}`.execute(db);
  return rows;
}

/** The creators whose songs this listener liked most, most liked first. */
export async function engagedCreators(
  db: Kysely<Database>,
  viewerId: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    select clips.user_id from clip_reactions liked join clips on clips.id = liked.clip_id
    where liked.user_id = ${viewerId} and liked.reaction_type = 'L' and clips.user_id <> ${viewerId}
    group by clips.user_id order by count(*) desc, max(liked.created_at) desc limit ${limit}`.execute(db);
  return rows.map((row) => row.user_id);
}

/** The owners of the personas this listener follows: the people whose taste they chose to follow. */
export async function followedCreators(
  db: Kysely<Database>,
  viewerId: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    select personas.user_id from persona_follows follow join personas on personas.id = follow.persona_id
    where follow.user_id = ${viewerId} and personas.user_id <> ${viewerId}
    group by personas.user_id order by max(follow.created_at) desc limit ${limit}`.execute(db);
  return rows.map((row) => row.user_id);
}

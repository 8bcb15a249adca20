import { type Kysely, sql } from "kysely";
import { GENRE_PRESETS } from "../../generator/compose/genres.ts";
import { pickRandomGenres, type Random } from "../../shared/discovery/random-genres.ts";
import type { Database } from "../db/schema.ts";

/** The platform genres: the song generator's genre presets, which also file songs (migration 0035). */
export const PLATFORM_GENRES: readonly string[] = GENRE_PRESETS.map((preset) => preset.name);

/** How many of a listener's latest songs and likes say what they like. */
const TASTE_SAMPLE = 200;
const TASTE_GENRES = 5;

export interface ViewerTaste {
  /** Most liked first. */
  readonly genres: readonly string[];
  /** Picked by the random-genre rule: nothing was known of the viewer. */
  readonly random: boolean;
}

/**
 * The genres a listener leans to: those of their own songs (weight 1), of songs they liked and of
 * the personas they follow (weight 2 each: choosing someone else's song says more than making one).
 * A listener with none of these gets five random genres.
 */
export async function viewerTaste(
  db: Kysely<Database>,
  viewerId: string | null,
  random: Random,
): Promise<ViewerTaste> {
  if (viewerId) {
    const { rows } = await sql<{ genre: string }>`
      select score.genre, sum(signal.weight) as weight
      from (
        (select id as clip_id, 1 as weight from clips
          where user_id = ${viewerId} and not is_trashed and status <> 'error'
          order by created_at desc limit ${TASTE_SAMPLE})
        union all
        (select clip_id, 2 from clip_reactions where user_id = ${viewerId} and reaction_type = 'L'
          order by created_at desc limit ${TASTE_SAMPLE})
        union all
        (select p.root_clip_id, 2 from persona_follows f join personas p on p.id = f.persona_id
          where f.user_id = ${viewerId} limit ${TASTE_SAMPLE})
      ) signal
      join clip_scores score on score.clip_id = signal.clip_id
      where score.genre is not null
      group by score.genre
      order by weight desc, score.genre
      limit ${TASTE_GENRES}`.execute(db);
    if (rows.length > 0) return { genres: rows.map((row) => row.genre), random: false };
  }
  return { genres: pickRandomGenres(PLATFORM_GENRES, random), random: true };
}

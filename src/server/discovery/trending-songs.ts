import { type Kysely, sql } from "kysely";
import { type ClipViewRow, selectClips } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { discoverable, wantedBy } from "./discoverable.ts";

export interface TrendingWindow {
  readonly offset: number;
  readonly limit: number;
  /** Only these platform genres' songs. */
  readonly genres?: readonly string[];
  /** Only these creators' songs. */
  readonly userIds?: readonly string[];
  /** Leave out this user's own songs (recommendations never suggest one's own). */
  readonly notBy?: string | null;
  /** Only songs made since. */
  readonly since?: Date;
  /** Only songs made before. */
  readonly before?: Date;
  /** Leave out the songs this user liked (they know them already). */
  readonly notLikedBy?: string | null;
}

/** Public songs by heat, hottest first (the store kept by the triggers), none the viewer does not want. */
export function trendingSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  window: TrendingWindow,
): Promise<(ClipViewRow & { heat: number })[]> {
  let query = selectClips(db, viewerId)
    .innerJoin("clip_scores as score", "score.clip_id", "clips.id")
    .select("score.heat")
    .where(discoverable)
    .where(wantedBy(viewerId));
  if (window.genres !== undefined) {
    if (window.genres.length === 0) return Promise.resolve([]);
    query = query.where("score.genre", "in", [...window.genres]);
  }
  if (window.userIds !== undefined) {
    if (window.userIds.length === 0) return Promise.resolve([]);
    query = query.where("score.user_id", "in", [...window.userIds]);
  }
  if (window.notBy) query = query.where("score.user_id", "<>", window.notBy);
  if (window.notLikedBy) {
    query = query.where(
      sql<boolean>`not exists (select 1 from clip_reactions liked where liked.clip_id = clips.id and liked.user_id = ${window.notLikedBy} and liked.reaction_type = 'L')`,
    );
  }
  if (window.since) query = query.where(sql<boolean>`clips.created_at >= ${window.since}`);
  if (window.before) query = query.where(sql<boolean>`clips.created_at < ${window.before}`);
  return query
    .orderBy("score.heat", "desc")
    .orderBy("clips.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

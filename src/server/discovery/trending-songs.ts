import { type Kysely, sql } from "kysely";
import { type ClipViewRow, selectClips } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { discoverable } from "./discoverable.ts";

export interface TrendingWindow {
  readonly offset: number;
  readonly limit: number;
  /** Only this platform genre's songs. */
  readonly genre?: string;
  /** Only these creators' songs. */
  readonly userIds?: readonly string[];
  /** Leave out this user's own songs (recommendations never suggest one's own). */
  readonly notBy?: string | null;
  /** Only songs made since. */
  readonly since?: Date;
}

/** Public songs by heat, hottest first (the store kept by the 0035 triggers). */
export function trendingSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  window: TrendingWindow,
): Promise<(ClipViewRow & { heat: number })[]> {
  let query = selectClips(db, viewerId)
    .innerJoin("clip_scores as score", "score.clip_id", "clips.id")
    .select("score.heat")
    .where(discoverable);
  if (window.genre !== undefined) query = query.where("score.genre", "=", window.genre);
  if (window.userIds !== undefined) {
    if (window.userIds.length === 0) return Promise.resolve([]);
    query = query.where("score.user_id", "in", [...window.userIds]);
  }
  if (window.notBy) query = query.where("score.user_id", "<>", window.notBy);
  if (window.since) query = query.where(sql<boolean>`clips.created_at >= ${window.since}`);
  return query
    .orderBy("score.heat", "desc")
    .orderBy("clips.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

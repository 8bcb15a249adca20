import { type Kysely, sql } from "kysely";
import { type ClipViewRow, selectClips } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { engagedCreators, followedCreators, trendingCreators } from "./creators.ts";
import { discoverable, wantedBy } from "./discoverable.ts";
import { trendingSongs } from "./trending-songs.ts";
import type { ViewerTaste } from "./viewer-taste.ts";

/** A window of a list: where it starts and how many. */
export interface ListWindow {
  readonly offset: number;
  readonly limit: number;
}

/** "New" is this recent. */
const NEW_SONG_DAYS = 14;
/** How many creators a creators' list draws its songs from. */
const CREATORS_DRAWN = 10;

const newSince = () => new Date(Date.now() - NEW_SONG_DAYS * 86_400_000);

/** The newest public songs. */
export const newSongs = (db: Kysely<Database>, viewerId: string | null, window: ListWindow) =>
  selectClips(db, viewerId)
    .where(discoverable)
    .where(wantedBy(viewerId))
    .orderBy("clips.created_at", "desc")
    .orderBy("clips.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();

/** new_songs_for_you: recent songs of the viewer's genres, hottest first, none of theirs or liked. */
export const newSongsForYou = (
  db: Kysely<Database>,
  viewerId: string | null,
  taste: ViewerTaste,
  window: ListWindow,
) =>
  trendingSongs(db, viewerId, {
    ...window,
    genres: taste.genres,
    notBy: viewerId,
    notLikedBy: viewerId,
    since: newSince(),
  });

/** How many followed creators the featured feed draws from (with the CREATORS_DRAWN liked most). */
const FOLLOWED_DRAWN = 50;

/**
 * featured_feed_for_you: what the creators the viewer follows or liked most published lately, the
 * hottest first; none of the viewer's own songs nor those they liked already.
 */
export async function featuredFeedForYou(db: Kysely<Database>, viewerId: string, window: ListWindow) {
  const [followed, engaged] = await Promise.all([
    followedCreators(db, viewerId, FOLLOWED_DRAWN),
    engagedCreators(db, viewerId, CREATORS_DRAWN),
  ]);
  const userIds = [...new Set([...followed, ...engaged])];
  return trendingSongs(db, viewerId, {
    ...window,
    userIds,
    notBy: viewerId,
    notLikedBy: viewerId,
    since: newSince(),
  });
}

/** engaged_user_top_songs: the hottest songs of the creators the viewer liked most. */
export async function engagedUserTopSongs(db: Kysely<Database>, viewerId: string, window: ListWindow) {
  const userIds = await engagedCreators(db, viewerId, CREATORS_DRAWN);
  return trendingSongs(db, viewerId, { ...window, userIds });
}

/** trending_creator_top_songs: the hottest songs of the trending creators. */
export async function trendingCreatorTopSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  window: ListWindow,
) {
  const creators = await trendingCreators(db, { limit: CREATORS_DRAWN, viewerId });
  return trendingSongs(db, viewerId, { ...window, userIds: creators.map((creator) => creator.id) });
}

/** suggested_creator_top_songs: creators trending in the viewer's genres whom they have not liked yet. */
export async function suggestedCreatorTopSongs(
  db: Kysely<Database>,
  viewerId: string,
  taste: ViewerTaste,
  window: ListWindow,
) {
  const creators = await trendingCreators(db, {
    limit: CREATORS_DRAWN,
    viewerId,
    genres: taste.genres,
    newTo: viewerId,
  });
  return trendingSongs(db, viewerId, { ...window, userIds: creators.map((creator) => creator.id) });
}

/**
 * following_listen: what the people the viewer follows liked lately, latest first, each song once.
 * (People are followed through their personas here.)
 */
export async function followingListen(
  db: Kysely<Database>,
  viewerId: string,
  window: ListWindow,
): Promise<ClipViewRow[]> {
  const userIds = await followedCreators(db, viewerId, CREATORS_DRAWN * 5);
  if (userIds.length === 0) return [];
  return selectClips(db, viewerId)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("clip_reactions")
          .select(["clip_id", sql<Date>`max(created_at)`.as("liked_at")])
          .where("user_id", "in", userIds)
          .where("reaction_type", "=", "L")
          .groupBy("clip_id")
          .as("listened"),
      (join) => join.onRef("listened.clip_id", "=", "clips.id"),
    )
    .where(discoverable)
    .where(wantedBy(viewerId))
    .where("clips.user_id", "<>", viewerId)
    .orderBy("listened.liked_at", "desc")
    .orderBy("clips.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

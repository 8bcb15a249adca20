import { type Kysely, sql } from "kysely";
import type { FollowingFeedBody, FollowingFeedResponse } from "../../shared/api/discovery.ts";
import { selectClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { followedCreators } from "./creators.ts";
import { discoverable, wantedBy } from "./discoverable.ts";

/** How many followed people a page looks at. */
const FOLLOWED_MAX = 1000;

/** created_at to the microsecond, in UTC: the page boundary loses nothing to rounding. */
const createdAtText = sql<string>`to_char(clips.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The songs the people the viewer follows published, newest first, before the given time. People
 * are followed through their personas here (persona_follows); user follows, once kept, join the
 * same list of people.
 */
export async function followingFeed(
  db: Kysely<Database>,
  viewerId: string,
  body: FollowingFeedBody,
): Promise<FollowingFeedResponse> {
  const people = await followedCreators(db, viewerId, FOLLOWED_MAX);
  if (people.length === 0) return { items: [], last_item_timestamp: null };
  let query = selectClips(db, viewerId)
    .select(createdAtText.as("created_at_text"))
    .where("clips.user_id", "in", people)
    .where(discoverable)
    .where(wantedBy(viewerId));
  if (body.start_feed_timestamp)
    query = query.where(sql<boolean>`clips.created_at < ${body.start_feed_timestamp}::timestamptz`);
  const rows = await query
    .orderBy("clips.created_at", "desc")
    .orderBy("clips.id", "desc")
    .limit(body.page_size)
    .execute();
  return {
    items: rows.map((row) => ({
      activity_type: "publish_song",
      clip: clipView(row, viewerId),
      timestamp: row.created_at_text,
    })),
    last_item_timestamp: rows.at(-1)?.created_at_text ?? null,
  };
}

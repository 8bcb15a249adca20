// The tables of the social and discovery features: reports, not-interested marks and contests of
// the song menu, comments and their reactions, reports and blocks, follows, trending scores,
// notifications and share links. schema.ts gathers them into the Database interface.

import type { Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A user's report of a song (0015). */
export interface ClipFlagsTable {
  user_id: string;
  clip_id: string;
  reason: string;
  details: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** A song a user is not interested in (0015): left out of their recommendations. */
export interface ClipNotInterestedTable {
  user_id: string;
  clip_id: string;
  created_at: Generated<Timestamp>;
}

/** A contest (0015, run since 0085): staff open it on base songs; remixes of them are entered. */
export interface ContestsTable {
  id: Generated<string>;
  name: string;
  rules: Generated<string>;
  /** Entries close then; null: open until staff end it. */
  end_time: Timestamp | null;
  is_active: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Timestamp>;
}

/** A contest's base songs, in order (0085). */
export interface ContestBaseClipsTable {
  contest_id: string;
  clip_id: string;
  position: Generated<number>;
}

/** A comment on a song, or a reply to one (0025). */
export interface CommentsTable {
  id: Generated<string>;
  clip_id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  /** Handles named in the content, each an existing user's when written. */
  user_mentions: Generated<string[]>;
  /** Seconds into the song the comment is about, if any. */
  track_timestamp: number | null;
  like_count: Generated<number>;
  dislike_count: Generated<number>;
  reply_count: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface CommentReactionsTable {
  user_id: string;
  comment_id: string;
  reaction: "LIKE" | "DISLIKE";
  created_at: Generated<Timestamp>;
}

export interface CommentReportsTable {
  id: Generated<string>;
  comment_id: string;
  user_id: string;
  reason: string;
  created_at: Generated<Timestamp>;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  reason: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** Who follows whom (0026). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Generated<Timestamp>;
}

/**
 * A clip's trending heat (0035), kept by triggers on clips and clip_reactions: the log of its
 * signals' weights counted from a fixed epoch (src/shared/discovery/trending.ts); never written here.
 */
export interface ClipScoresTable {
  clip_id: string;
  user_id: string;
  /** The platform genre its tags name first, or null. */
  genre: string | null;
  heat: number;
  base_heat: number;
}

/** A recipient's notification (0045): one group of people doing one thing to one of their things. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  notification_type: string;
  /** The type and what it is about (`clip_like:<clip id>`); an unread group is unique per user. */
  group_key: string;
  /** JSON: notificationContentSchema's fields. */
  content: Generated<Record<string, unknown>>;
  is_read: Generated<boolean>;
  is_suppressed: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Timestamp;
}

/** The people a notification groups (0045), with the time each acted. */
export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  acted_at: Timestamp;
}

/** A short share code (0027) and what it opens. */
export interface ShareLinksTable {
  code: string;
  content_type: "clip" | "profile" | "playlist";
  /** A clip or playlist id, or a profile's user id. */
  content_id: string;
  source: string;
  platform: string;
  recommendation_item_id: string | null;
  sharer_id: string | null;
  created_at: Generated<Timestamp>;
}

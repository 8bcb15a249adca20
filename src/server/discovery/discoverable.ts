import { sql } from "kysely";

/**
 * What discovery may show anyone: public, untrashed, finished songs (not private, trashed or
 * failed ones, nor those still rendering). Every list of other people's songs (trending, new,
 * recommendations, public search, the feeds) goes through this one rule.
 */
export const discoverable = sql<boolean>`(clips.is_public and not clips.is_trashed and clips.status = 'complete')`;

/**
 * What a signed-in viewer's lists leave out for them: the songs they marked Not Interested, and the
 * songs of anyone they blocked or who blocked them (a block parts two people both ways). Read at
 * request time from the two tables' primary keys, so a mark or a block takes effect on the next
 * list with nothing to recompute; anonymous viewers have neither.
 */
export const wantedBy = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`true`
    : sql<boolean>`(not exists (select 1 from clip_not_interested ni where ni.user_id = ${viewerId} and ni.clip_id = clips.id)
        and ${notParted(viewerId)})`;

/** The song's owner and the viewer have not parted: neither blocked the other. */
export const notParted = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`true`
    : sql<boolean>`(not exists (select 1 from user_blocks ub where ub.blocker_id = ${viewerId} and ub.blocked_id = clips.user_id)
        and not exists (select 1 from user_blocks ub where ub.blocker_id = clips.user_id and ub.blocked_id = ${viewerId}))`;

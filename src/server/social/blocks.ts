import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** True when `blockerId` blocked `blockedId`. */
export async function hasBlocked(
  db: Kysely<Database>,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A condition on comments (alias c): the author is not someone the viewer blocked. */
export const notBlockedBy = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`true`
    : sql<boolean>`not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = c.user_id)`;

import { type Kysely, sql } from "kysely";
import type { ChildrenPage, ChildrenQuery, ParentResponse } from "../../shared/api/clip-family.ts";
import { pageInfo } from "../../shared/api/paged.ts";
import type { Database } from "../db/schema.ts";
import { findVisibleClip, selectClips, visibleTo } from "./clip-repository.ts";
import { clipView } from "./clip-view.ts";

/** Which of a song's children a list holds: all, the viewer's own, or other people's (remixes). */
export type ChildrenOf = "all" | "viewer" | "others";

/**
 * Children made from this song, as the viewer may see them, narrowed to `of`. Trashed children are
 * left out for their owner too (the trash is no place to show off), and failed ones are no songs.
 */
function childrenWhere(viewerId: string | null, parentId: string, ownerId: string, of: ChildrenOf) {
  const mine = of === "viewer" ? sql<boolean>`clips.user_id = ${viewerId}` : sql<boolean>`true`;
  const others = of === "others" ? sql<boolean>`clips.user_id <> ${ownerId}` : sql<boolean>`true`;
  return sql<boolean>`(clips.root_clip_id = ${parentId} and clips.status <> 'error' and not clips.is_trashed
    and ${visibleTo(viewerId)} and ${mine} and ${others})`;
}

/**
 * One page of a song's direct children, newest first. The song itself must be visible to the
 * viewer: another's private or trashed song is the same 404 as a missing one.
 */
export async function childrenPage(
  db: Kysely<Database>,
  viewerId: string | null,
  query: ChildrenQuery,
  of: ChildrenOf,
): Promise<ChildrenPage> {
  const parent = await findVisibleClip(db, viewerId, query.clip_id);
  const where = childrenWhere(viewerId, parent.id, parent.user_id, of);
  const [rows, total] = await Promise.all([
    selectClips(db, viewerId)
      .where(where)
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    countWhere(db, where),
  ]);
  return {
    clips: rows.map((row) => clipView(row, viewerId)),
    ...pageInfo(total, query.page, query.page_size),
  };
}

async function countWhere(db: Kysely<Database>, where: ReturnType<typeof childrenWhere>): Promise<number> {
  const row = await db
    .selectFrom("clips")
    .where(where)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many direct children of a visible song the viewer may see. */
export async function childrenCount(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
): Promise<number> {
  const parent = await findVisibleClip(db, viewerId, clipId);
  return countWhere(db, childrenWhere(viewerId, parent.id, parent.user_id, "all"));
}

/** The song a visible song was made from, when the viewer may see that one too. */
export async function parentOf(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
): Promise<ParentResponse> {
  const child = await findVisibleClip(db, viewerId, clipId);
  if (child.root_clip_id === null) return { parent: null };
  const row = await selectClips(db, viewerId)
    .where("clips.id", "=", child.root_clip_id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
  return { parent: row === undefined ? null : clipView(row, viewerId) };
}

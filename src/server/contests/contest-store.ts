// Contests in the database: opening one (staff), the running ones, a contest's page of ranked
// entries, and entering a song. A contest runs while it is active and its end time is ahead.

import { type Kysely, sql } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  CONTEST_ENTRIES_PAGE_SIZE,
  CONTEST_MESSAGES,
  type Contest,
  type ContestPageResponse,
  type CreateContestBody,
} from "../../shared/api/contests.ts";
import { findVisibleClips, selectClips, visibleTo } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";

type Db = Kysely<Database>;

/** Running: active, and not past its end. */
const running = sql<boolean>`(contests.is_active and (contests.end_time is null or contests.end_time > now()))`;

/** A song entered in a contest: its id is in the song's contest_ids. */
const enteredIn = (contestId: string) =>
  sql<boolean>`coalesce(clips.metadata->'contest_ids', '[]'::jsonb) ? ${contestId}`;

function contestsQuery(db: Db) {
  return db
    .selectFrom("contests")
    .select(["contests.id", "contests.name", "contests.rules", "contests.end_time", "contests.is_active"])
    .select(
      sql<string[]>`coalesce((select array_agg(b.clip_id::text order by b.position)
        from contest_base_clips b where b.contest_id = contests.id), '{}')`.as("base_clip_ids"),
    )
    .select(
      sql<number>`(select count(*)::int from clips where clips.is_public and not clips.is_trashed
        and coalesce(clips.metadata->'contest_ids', '[]'::jsonb) ? contests.id::text)`.as("entry_count"),
    );
}

type ContestRow = Awaited<ReturnType<ReturnType<typeof contestsQuery>["executeTakeFirstOrThrow"]>>;

const contestView = (row: ContestRow): Contest => ({
  id: row.id,
  name: row.name,
  rules: row.rules,
  end_time: row.end_time === null ? null : (row.end_time as unknown as Date).toISOString(),
  base_clip_ids: row.base_clip_ids,
  is_active: row.is_active,
  entry_count: row.entry_count,
});

export async function runningContests(db: Db): Promise<Contest[]> {
  const rows = await contestsQuery(db).where(running).orderBy("contests.created_at", "desc").execute();
  return rows.map(contestView);
}

/** Staff open a contest on public, finished songs. */
export async function createContest(db: Db, staffId: string, body: CreateContestBody): Promise<Contest> {
  if (body.end_time !== null && new Date(body.end_time).getTime() <= Date.now())
    throw badRequest(CONTEST_MESSAGES.endInPast);
  const ids = [...new Set(body.base_clip_ids)];
  const usable = await db
    .selectFrom("clips")
    .select("id")
    .where("id", "in", ids)
    .where("is_public", "=", true)
    .where("is_trashed", "=", false)
    .where("status", "=", "complete")
    .execute();
  if (usable.length !== ids.length) throw badRequest(CONTEST_MESSAGES.baseClipUnusable);
  const id = await db.transaction().execute(async (tx) => {
    const contest = await tx
      .insertInto("contests")
      .values({ name: body.name, rules: body.rules, end_time: body.end_time, created_by: staffId })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("contest_base_clips")
      .values(ids.map((clipId, position) => ({ contest_id: contest.id, clip_id: clipId, position })))
      .execute();
    return contest.id;
  });
  return contestView(await contestsQuery(db).where("contests.id", "=", id).executeTakeFirstOrThrow());
}

/** A contest (running or over) with its base songs and a page of its public entries, ranked. */
export async function contestPage(
  db: Db,
  viewerId: string | null,
  contestId: string,
  page: number,
): Promise<ContestPageResponse> {
  const row = await contestsQuery(db).where("contests.id", "=", contestId).executeTakeFirst();
  if (!row) throw notFound(CONTEST_MESSAGES.notFound);
  const entries = await selectClips(db, viewerId)
    .where(visibleTo(null))
    .where(enteredIn(contestId))
    .orderBy("clips.upvote_count", "desc")
    .orderBy("clips.play_count", "desc")
    .orderBy("clips.created_at", "asc")
    .orderBy("clips.id")
    .offset(page * CONTEST_ENTRIES_PAGE_SIZE)
    .limit(CONTEST_ENTRIES_PAGE_SIZE + 1)
    .execute();
  const baseClips = await findVisibleClips(db, viewerId, row.base_clip_ids);
  return {
    contest: contestView(row),
    base_clips: baseClips.map((clip) => clipView(clip, viewerId)),
    entries: entries.slice(0, CONTEST_ENTRIES_PAGE_SIZE).map((clip) => clipView(clip, viewerId)),
    has_more: entries.length > CONTEST_ENTRIES_PAGE_SIZE,
  };
}

/** Whether the song is a base song of an active contest: those are not remastered. */
export async function isContestBase(db: Db, clipId: string): Promise<boolean> {
  const row = await db
    .selectFrom("contest_base_clips as b")
    .innerJoin("contests", "contests.id", "b.contest_id")
    .select("b.clip_id")
    .where("b.clip_id", "=", clipId)
    .where("contests.is_active", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The songs a song was made from: what it covers, the chain it extends or joins, and its root. */
export function sourceClipIds(metadata: ClipMetadata, rootClipId: string | null): string[] {
  const ids = [
    metadata.cover_clip_id,
    rootClipId,
    ...(metadata.history ?? []).map((entry) => entry.id),
    ...(metadata.concat_history ?? []).map((entry) => entry.id),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
}

/**
 * Enters the owner's public song in every running contest whose base song it was made from; a song
 * made from none is refused. Answers the contests it is in.
 */
export async function enterContests(db: Db, ownerId: string, clipId: string): Promise<string[]> {
  const clip = await db
    .selectFrom("clips")
    .select(["metadata", "root_clip_id", "is_public", "is_trashed"])
    .where("id", "=", clipId)
    .where("user_id", "=", ownerId)
    .executeTakeFirst();
  if (!clip) throw notFound("Clip not found");
  if (!clip.is_public || clip.is_trashed) throw conflict(CONTEST_MESSAGES.entryMustBePublic);
  const sources = sourceClipIds(clip.metadata as ClipMetadata, clip.root_clip_id);
  const contests =
    sources.length === 0
      ? []
      : await db
          .selectFrom("contests")
          .innerJoin("contest_base_clips as b", "b.contest_id", "contests.id")
          .select("contests.id")
          .distinct()
          .where(running)
          .where("b.clip_id", "in", sources)
          .execute();
  if (contests.length === 0) throw conflict(CONTEST_MESSAGES.notARemix);
  const ids = contests.map((contest) => contest.id);
  await db
    .updateTable("clips")
    .set({
      metadata: sql`jsonb_set(clips.metadata, '{contest_ids}', (select coalesce(jsonb_agg(distinct x), '[]'::jsonb)
        from jsonb_array_elements_text(coalesce(clips.metadata->'contest_ids', '[]'::jsonb) || ${JSON.stringify(ids)}::jsonb) x))`,
    })
    .where("id", "=", clipId)
    .execute();
  return ids;
}

import { type Kysely, sql } from "kysely";
import type { ReportedComment, ReportedSong } from "../../shared/api/admin.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { removeComment } from "../social/comment-writes.ts";

type Db = Kysely<Database>;

/** Songs with open reports, most reported first. */
export async function reportedSongs(db: Db, limit = 100): Promise<ReportedSong[]> {
  const { rows } = await sql<{
    clip_id: string;
    title: string;
    owner_handle: string;
    is_public: boolean;
    reports: number;
    reasons: string[];
    last_reported_at: Date;
  }>`select f.clip_id, c.title, u.handle as owner_handle, c.is_public, count(*)::int as reports,
      array_agg(distinct f.reason) as reasons, max(f.created_at) as last_reported_at
    from clip_flags f join clips c on c.id = f.clip_id join users u on u.id = c.user_id
    group by f.clip_id, c.title, u.handle, c.is_public
    order by count(*) desc, max(f.created_at) desc limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, last_reported_at: new Date(row.last_reported_at).toISOString() }));
}

/** Comments with open reports, most reported first. */
export async function reportedComments(db: Db, limit = 100): Promise<ReportedComment[]> {
  const { rows } = await sql<{
    comment_id: string;
    clip_id: string;
    content: string;
    author_handle: string;
    reports: number;
    reasons: string[];
    last_reported_at: Date;
  }>`select r.comment_id, c.clip_id, c.content, u.handle as author_handle, count(*)::int as reports,
      array_agg(distinct r.reason) as reasons, max(r.created_at) as last_reported_at
    from comment_reports r join comments c on c.id = r.comment_id join users u on u.id = c.user_id
    group by r.comment_id, c.clip_id, c.content, u.handle
    order by count(*) desc, max(r.created_at) desc limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, last_reported_at: new Date(row.last_reported_at).toISOString() }));
}

/**
 * Settles a reported song: dismissing clears its reports; unpublishing makes it private (its owner
 * keeps it) and clears them. Either way it leaves the queue.
 */
export async function settleSong(db: Db, clipId: string, action: "dismiss" | "unpublish"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reports = await trx.deleteFrom("clip_flags").where("clip_id", "=", clipId).executeTakeFirst();
    if (Number(reports.numDeletedRows) === 0) throw notFound("That song has no open reports");
    if (action === "unpublish")
      await trx.updateTable("clips").set({ is_public: false }).where("id", "=", clipId).execute();
  });
}

/** Settles a reported comment: dismissing clears its reports; deleting removes the comment. */
export async function settleComment(db: Db, commentId: string, action: "dismiss" | "delete"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reports = await trx
      .deleteFrom("comment_reports")
      .where("comment_id", "=", commentId)
      .executeTakeFirst();
    if (Number(reports.numDeletedRows) === 0) throw notFound("That comment has no open reports");
    if (action === "delete") await removeComment(trx, commentId);
  });
}

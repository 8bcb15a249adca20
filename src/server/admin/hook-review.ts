import { type Kysely, sql } from "kysely";
import type { HookInReview } from "../../shared/api/admin.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

type Db = Kysely<Database>;

/** Rendered hooks no staff member has reviewed, newest first: posted ones and refused ones alike. */
export async function hooksInReview(db: Db, limit = 100): Promise<HookInReview[]> {
  const rows = await db
    .selectFrom("hooks")
    .innerJoin("users", "users.id", "hooks.user_id")
    .select([
      "hooks.id as hook_id",
      "hooks.title",
      "users.handle as owner_handle",
      "hooks.clip_id",
      "hooks.status",
      "hooks.moderation_note",
      "hooks.created_at",
    ])
    .where("hooks.status", "in", ["rendered_passed_moderation", "rendered_failed_moderation"])
    .where("hooks.staff_review", "is", null)
    .orderBy("hooks.created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    status: row.status as HookInReview["status"],
    created_at: (row.created_at as unknown as Date).toISOString(),
  }));
}

/**
 * A staff member's verdict on a rendered hook: pass posts it to the feed, fail takes it off; either
 * way it leaves the queue. A hook still rendering (or failed to render) has nothing to review.
 */
export async function reviewHook(db: Db, hookId: string, action: "pass" | "fail"): Promise<void> {
  const reviewed = await db
    .updateTable("hooks")
    .set({
      staff_review: action === "pass" ? "passed" : "failed",
      status: action === "pass" ? "rendered_passed_moderation" : "rendered_failed_moderation",
      updated_at: sql`now()`,
    })
    .where("id", "=", hookId)
    .where("status", "in", ["rendered_passed_moderation", "rendered_failed_moderation"])
    .executeTakeFirst();
  if (Number(reviewed.numUpdatedRows) === 0) throw notFound("No rendered hook has that id");
}

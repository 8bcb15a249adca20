import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  adminAnnouncementBodySchema,
  commentModerationBodySchema,
  decisionBodySchema,
  flagRolloutSchema,
  hookReviewBodySchema,
  makeCodesBodySchema,
  requestIdParamsSchema,
  songModerationBodySchema,
  userChangeBodySchema,
  userIdParamsSchema,
  userSearchQuerySchema,
} from "../../shared/api/admin.ts";
import { decideUpgradeRequest, makeCodes } from "../account/upgrades.ts";
import { audit, listAudit } from "../admin/audit-log.ts";
import { healthView, jobsView } from "../admin/console-status.ts";
import { listRollouts, setRollout } from "../admin/flag-rollouts.ts";
import { hooksInReview, reviewHook } from "../admin/hook-review.ts";
import { reportedComments, reportedSongs, settleComment, settleSong } from "../admin/moderation.ts";
import { changeUser, searchUsers } from "../admin/staff-users.ts";
import { requireSessionUser } from "../auth/auth-plugin.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { User } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raiseAnnouncement, raiseContext } from "../notifications/raise.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * Staff only. Anyone else signed in gets the same 404 as a path that is no route, so the console's
 * routes are not there for them; anonymous callers are asked to sign in (401).
 */
export function requireStaff(request: FastifyRequest): User {
  const user = requireSessionUser(request);
  if (!user.is_staff) throw notFound(`No route for ${request.method} ${request.url.split("?")[0]}`);
  return user;
}

/** The staff console's API: every write is written to the audit log with who did it. */
export function registerAdminRoutes(app: FastifyInstance, database: DatabaseHandle, storage: Storage): void {
  const db = database.db;

  app.get("/api/admin/users", async (request) => {
    requireStaff(request);
    const { q } = parseInput(userSearchQuerySchema, request.query, "query");
    return { users: await searchUsers(db, q.trim()) };
  });

  app.post("/api/admin/users/:user_id", async (request) => {
    const staff = requireStaff(request);
    const { user_id: userId } = parseInput(userIdParamsSchema, request.params, "path");
    const change = parseInput(userChangeBodySchema, request.body);
    const result = await changeUser(db, userId, change);
    const { change: action, ...details } = change;
    await audit(db, staff, `user.${action}`, result.user.email, details);
    return result;
  });

  app.get("/api/admin/upgrade-requests", async (request) => {
    requireStaff(request);
    const rows = await db
      .selectFrom("upgrade_requests")
      .innerJoin("users", "users.id", "upgrade_requests.user_id")
      .select([
        "upgrade_requests.id",
        "users.email",
        "users.handle",
        "upgrade_requests.plan_key",
        "upgrade_requests.credits",
        "upgrade_requests.created_at",
      ])
      .where("upgrade_requests.status", "=", "pending")
      .orderBy("upgrade_requests.created_at")
      .execute();
    return { requests: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
  });

  app.post("/api/admin/upgrade-requests/:request_id", async (request) => {
    const staff = requireStaff(request);
    const { request_id: requestId } = parseInput(requestIdParamsSchema, request.params, "path");
    const { approve } = parseInput(decisionBodySchema, request.body);
    const decided = await decideUpgradeRequest(db, requestId, approve);
    await audit(db, staff, approve ? "upgrade.approve" : "upgrade.deny", decided.user_id, {
      plan_key: decided.plan_key,
      credits: decided.credits,
    });
    return { status: approve ? "approved" : "denied" };
  });

  app.post("/api/admin/codes", async (request, reply) => {
    const staff = requireStaff(request);
    const body = parseInput(makeCodesBodySchema, request.body);
    const codes = await makeCodes(
      db,
      { plan: body.plan_key, credits: body.credits },
      body.count,
      body.valid_days,
    );
    await audit(db, staff, "codes.make", "", { ...body });
    reply.status(201);
    return { codes };
  });

  app.get("/api/admin/flags", async (request) => {
    requireStaff(request);
    return { flags: await listRollouts(db) };
  });

  app.post("/api/admin/flags", async (request) => {
    const staff = requireStaff(request);
    const body = parseInput(flagRolloutSchema, request.body);
    await setRollout(db, body.flag, body.percent);
    await audit(db, staff, "flag.rollout", body.flag, { percent: body.percent });
    return { flags: await listRollouts(db) };
  });

  app.get("/api/admin/moderation", async (request) => {
    requireStaff(request);
    return {
      songs: await reportedSongs(db),
      comments: await reportedComments(db),
      hooks: await hooksInReview(db),
    };
  });

  app.post("/api/admin/moderation/hooks", async (request) => {
    const staff = requireStaff(request);
    const body = parseInput(hookReviewBodySchema, request.body);
    await reviewHook(db, body.hook_id, body.action);
    await audit(db, staff, `hook.${body.action}`, body.hook_id);
    return { hooks: await hooksInReview(db) };
  });

  app.post("/api/admin/moderation/songs", async (request) => {
    const staff = requireStaff(request);
    const body = parseInput(songModerationBodySchema, request.body);
    await settleSong(db, body.clip_id, body.action);
    await audit(db, staff, `song.${body.action}`, body.clip_id);
    return { songs: await reportedSongs(db) };
  });

  app.post("/api/admin/moderation/comments", async (request) => {
    const staff = requireStaff(request);
    const body = parseInput(commentModerationBodySchema, request.body);
    await settleComment(db, body.comment_id, body.action);
    await audit(db, staff, `comment.${body.action}`, body.comment_id);
    return { comments: await reportedComments(db) };
  });

  app.post("/api/admin/announcements", async (request) => {
    const staff = requireStaff(request);
    const { message } = parseInput(adminAnnouncementBodySchema, request.body);
    const recipients = await raiseAnnouncement(raiseContext(db, request), { staffId: staff.id, message });
    await audit(db, staff, "announcement.send", "", { message, recipients });
    return { recipients };
  });

  app.get("/api/admin/jobs", async (request) => {
    requireStaff(request);
    return jobsView(database);
  });

  app.get("/api/admin/health", async (request) => {
    requireStaff(request);
    return healthView(database, storage);
  });

  app.get("/api/admin/audit", async (request) => {
    requireStaff(request);
    return { entries: await listAudit(db) };
  });
}

import {
  adminAnnouncementBodySchema,
  commentModerationBodySchema,
  decisionBodySchema,
  flagRolloutSchema,
  healthViewSchema,
  hookReviewBodySchema,
  jobsViewSchema,
  makeCodesBodySchema,
  requestIdParamsSchema,
  songModerationBodySchema,
  userChangeBodySchema,
  userIdParamsSchema,
  userSearchQuerySchema,
} from "../../../shared/api/admin.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/admin.ts: staff only (404 for everyone else, 401 signed out). */
export const adminOperations: OperationGroup = {
  tag: "Staff console",
  operations: [
    {
      method: "GET",
      path: "/api/admin/users",
      summary: "Search accounts by email or handle",
      query: userSearchQuerySchema,
    },
    {
      method: "POST",
      path: "/api/admin/users/:user_id",
      summary:
        "Change an account: plan, credits with a reason, a flag, staff, lock, subscription, password reset",
      params: userIdParamsSchema,
      body: userChangeBodySchema,
    },
    {
      method: "GET",
      path: "/api/admin/upgrade-requests",
      summary: "Upgrade requests waiting for a decision",
    },
    {
      method: "POST",
      path: "/api/admin/upgrade-requests/:request_id",
      summary: "Approve or deny an upgrade request",
      params: requestIdParamsSchema,
      body: decisionBodySchema,
    },
    { method: "POST", path: "/api/admin/codes", summary: "Make upgrade codes", body: makeCodesBodySchema },
    {
      method: "GET",
      path: "/api/admin/flags",
      summary: "Feature flags and the share of users each is rolled out to",
    },
    {
      method: "POST",
      path: "/api/admin/flags",
      summary: "Roll a feature flag out to a share of users",
      body: flagRolloutSchema,
    },
    {
      method: "GET",
      path: "/api/admin/moderation",
      summary: "Reported songs and comments, and rendered hooks to review",
    },
    {
      method: "POST",
      path: "/api/admin/moderation/hooks",
      summary: "Pass a rendered hook (posted to the feed) or fail it (taken off)",
      body: hookReviewBodySchema,
    },
    {
      method: "POST",
      path: "/api/admin/moderation/songs",
      summary: "Dismiss a song's reports or unpublish it",
      body: songModerationBodySchema,
    },
    {
      method: "POST",
      path: "/api/admin/moderation/comments",
      summary: "Dismiss a comment's reports or delete it",
      body: commentModerationBodySchema,
    },
    {
      method: "POST",
      path: "/api/admin/announcements",
      summary: "Send an announcement notification to everyone",
      body: adminAnnouncementBodySchema,
    },
    {
      method: "GET",
      path: "/api/admin/jobs",
      summary: "Generation: queue, running, failed and refunded",
      response: jobsViewSchema,
    },
    {
      method: "GET",
      path: "/api/admin/health",
      summary: "Database and storage health",
      response: healthViewSchema,
    },
    { method: "GET", path: "/api/admin/audit", summary: "The staff audit log, newest first" },
  ],
};

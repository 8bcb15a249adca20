import { z } from "zod";
import { PAID_PLANS } from "./account.ts";
import { FEATURE_FLAGS, PLAN_KEYS } from "./accounts.ts";

export const auditEntrySchema = z.object({
  id: z.number(),
  staff_handle: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  handle: z.string(),
  plan_key: z.string(),
  credits: z.number(),
  is_staff: z.boolean(),
  flags: z.array(z.string()),
  locked: z.boolean(),
  subscription_status: z.enum(["active", "past_due"]),
  plan_ends_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userSearchQuerySchema = z.object({ q: z.string().max(200).default("") });
export const userIdParamsSchema = z.object({ user_id: z.uuid("Not a user id") });

/** One change to a user from the console; each is its own audited action. */
export const userChangeBodySchema = z.discriminatedUnion("change", [
  z.object({ change: z.literal("plan"), plan_key: z.enum(PLAN_KEYS) }),
  z.object({
    change: z.literal("credits"),
    amount: z
      .number()
      .int()
      .refine((amount) => amount !== 0, "Grant a whole number of credits other than 0"),
    reason: z.string().trim().min(3, "Say why, in a few words").max(200),
  }),
  z.object({ change: z.literal("flag"), flag: z.enum(FEATURE_FLAGS), on: z.boolean() }),
  z.object({ change: z.literal("staff"), on: z.boolean() }),
  z.object({ change: z.literal("lock"), on: z.boolean() }),
  z.object({ change: z.literal("subscription"), status: z.enum(["active", "past_due"]) }),
  z.object({ change: z.literal("password") }),
]);
export type UserChange = z.infer<typeof userChangeBodySchema>;

export const flagRolloutSchema = z.object({
  flag: z.enum(FEATURE_FLAGS),
  percent: z.number().int().min(0).max(100),
});
export type FlagRollout = z.infer<typeof flagRolloutSchema>;

export const makeCodesBodySchema = z.object({
  plan_key: z.enum(PAID_PLANS).nullable().default(null),
  credits: z.number().int().min(0).max(1_000_000).default(0),
  count: z.number().int().min(1).max(100).default(1),
  valid_days: z.number().int().min(1).max(3650).default(30),
});

export const requestIdParamsSchema = z.object({ request_id: z.uuid("Not a request id") });
export const decisionBodySchema = z.object({ approve: z.boolean() });

export const MODERATION_SONG_ACTIONS = ["dismiss", "unpublish"] as const;
export const MODERATION_COMMENT_ACTIONS = ["dismiss", "delete"] as const;
export const songModerationBodySchema = z.object({
  clip_id: z.uuid("Not a song id"),
  action: z.enum(MODERATION_SONG_ACTIONS),
});
export const commentModerationBodySchema = z.object({
  comment_id: z.uuid("Not a comment id"),
  action: z.enum(MODERATION_COMMENT_ACTIONS),
});

/** pass posts a hook automatic moderation refused (or keeps a posted one); fail takes it off the feed. */
export const HOOK_REVIEW_ACTIONS = ["pass", "fail"] as const;
export const hookReviewBodySchema = z.object({
  hook_id: z.uuid("Not a hook id"),
  action: z.enum(HOOK_REVIEW_ACTIONS),
});

/** A rendered hook no staff member has looked at yet, with automatic moderation's findings. */
export const hookInReviewSchema = z.object({
  hook_id: z.string(),
  title: z.string(),
  owner_handle: z.string(),
  clip_id: z.string(),
  status: z.enum(["rendered_passed_moderation", "rendered_failed_moderation"]),
  moderation_note: z.string().nullable(),
  created_at: z.string(),
});
export type HookInReview = z.infer<typeof hookInReviewSchema>;

export const reportedSongSchema = z.object({
  clip_id: z.string(),
  title: z.string(),
  owner_handle: z.string(),
  is_public: z.boolean(),
  reports: z.number(),
  reasons: z.array(z.string()),
  last_reported_at: z.string(),
});
export type ReportedSong = z.infer<typeof reportedSongSchema>;

export const reportedCommentSchema = z.object({
  comment_id: z.string(),
  clip_id: z.string(),
  content: z.string(),
  author_handle: z.string(),
  reports: z.number(),
  reasons: z.array(z.string()),
  last_reported_at: z.string(),
});
export type ReportedComment = z.infer<typeof reportedCommentSchema>;

export const adminAnnouncementBodySchema = z.object({ message: z.string().trim().min(1).max(1000) });

export const jobClipSchema = z.object({
  clip_id: z.string(),
  title: z.string(),
  owner_handle: z.string(),
  status: z.string(),
  created_at: z.string(),
  refunded: z.boolean(),
});
export type JobClip = z.infer<typeof jobClipSchema>;

export const jobsViewSchema = z.object({
  queue: z.record(z.string(), z.number()),
  running: z.array(jobClipSchema),
  failed: z.array(jobClipSchema),
});
export type JobsView = z.infer<typeof jobsViewSchema>;

export const healthViewSchema = z.object({
  database: z.object({ backend: z.string(), reachable: z.boolean(), size_bytes: z.number().nullable() }),
  storage: z.object({ writable: z.boolean(), detail: z.string().nullable() }),
  counts: z.object({ users: z.number(), songs: z.number(), open_reports: z.number() }),
});
export type HealthView = z.infer<typeof healthViewSchema>;

export const userListSchema = z.object({ users: z.array(adminUserSchema) });
export const moderationViewSchema = z.object({
  songs: z.array(reportedSongSchema),
  comments: z.array(reportedCommentSchema),
  hooks: z.array(hookInReviewSchema),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export const flagListSchema = z.object({ flags: z.array(flagRolloutSchema) });
export const pendingRequestsSchema = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      handle: z.string(),
      plan_key: z.string().nullable(),
      credits: z.number(),
      created_at: z.string(),
    }),
  ),
});
export const madeCodesSchema = z.object({
  codes: z.array(z.object({ code: z.string(), expires_at: z.string() })),
});
export const userChangeResponseSchema = z.object({ user: adminUserSchema, password: z.string().optional() });

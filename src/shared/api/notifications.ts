import { z } from "zod";

/**
 * Every notification type a notification may carry. "delete" is a type the upstream service sends
 * for a withdrawn notification: it is never listed nor counted, on the server and in the pages.
 */
export const NOTIFICATION_TYPES = [
  "announcement",
  "clip_like",
  "scene_like",
  "playlist_like",
  "follow",
  "persona_follow",
  "persona_favorite",
  "persona_used",
  "clip_comment",
  "scene_comment",
  "comment_like",
  "comment_reply",
  "clip_create_followee",
  "clip_remix",
  "comment_mention",
  "caption_mention",
  "share_clip",
  "hook_like",
  "hook_comment",
  "hook_comment_reply",
  "hook_comment_like",
  "hook_comment_mention",
  "hook_caption_mention",
  "video_cover_hook_like",
  "video_cover_hook_comment",
  "video_cover_hook_comment_reply",
  "video_cover_hook_comment_like",
  "video_cover_hook_comment_mention",
  /** An invite to someone's workspace (content: project_id and the workspace's name as title). */
  "workspace_invite",
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The ignored type. */
export const DELETE_NOTIFICATION_TYPE = "delete";

/** Notifications per page of GET /api/notification/v2. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** The most people a notification names (the rest are counted). */
export const NOTIFICATION_PROFILES_MAX = 3;
/** Ids per read or suppress call. */
export const NOTIFICATION_IDS_MAX = 100;
export const ANNOUNCEMENT_MAX = 500;

export const notificationUserProfileSchema = z.object({
  user_id: z.string(),
  handle: z.string(),
  display_name: z.string(),
  is_following: z.boolean(),
});
export type NotificationUserProfile = z.infer<typeof notificationUserProfileSchema>;

/** What the notification is about: a song, a persona, a playlist; an announcement's text. */
export const notificationContentSchema = z.object({
  clip_id: z.string().optional(),
  persona_id: z.string().optional(),
  playlist_id: z.string().optional(),
  /** A hook (a like or comment on it); clip_id is then its song. */
  hook_id: z.string().optional(),
  /** A workspace (an invite to it). */
  project_id: z.string().optional(),
  /** The song's, hook's, persona's, playlist's or workspace's title when the notification was last raised. */
  title: z.string().optional(),
  /** An announcement's text. */
  message: z.string().optional(),
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  notification_type: notificationTypeSchema,
  /** ISO 8601: the latest activity it groups. */
  updated_at: z.string(),
  is_read: z.boolean(),
  /** The latest people it groups, newest first (at most NOTIFICATION_PROFILES_MAX). */
  user_profiles: z.array(notificationUserProfileSchema),
  /** How many people it groups in all. */
  total_users: z.number().int().min(0),
  content: notificationContentSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** An ISO 8601 date-time with its offset, as `new Date().toISOString()` writes them. */
const dateTimeSchema = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" });

export const notificationListQuerySchema = z
  .object({
    after_datetime_utc: dateTimeSchema.optional(),
    before_datetime_utc: dateTimeSchema.optional(),
  })
  .refine((query) => !(query.after_datetime_utc && query.before_datetime_utc), {
    message: "Give after_datetime_utc or before_datetime_utc, not both",
  });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** The server's time of the answer: the next "load newer" asks for what came after it. */
  notified_at: z.string(),
  unread_count: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

const notificationIdsSchema = z
  .array(z.uuid("Notification ids are UUIDs"))
  .min(1, "Name at least one notification")
  .max(NOTIFICATION_IDS_MAX, `At most ${NOTIFICATION_IDS_MAX} notifications at once`);

export const markReadBodySchema = z.union(
  [
    z.strictObject({ ids: notificationIdsSchema }),
    z.strictObject({ all: z.literal(true), before_datetime_utc: dateTimeSchema }),
  ],
  { error: "Send ids, or all: true with before_datetime_utc" },
);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const suppressBodySchema = z.strictObject({ ids: notificationIdsSchema });

export const unreadCountResponseSchema = z.object({ unread_count: z.number().int().min(0) });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/** Staff's announcement: to the users named, or to everyone. */
export const announcementBodySchema = z.strictObject({
  message: z.string().trim().min(1, "Write the announcement").max(ANNOUNCEMENT_MAX),
  user_ids: z.array(z.uuid()).min(1).max(1000).optional(),
});
export const announcementResponseSchema = z.object({ recipients: z.number().int().min(0) });

/** The realtime event on `user:{id}:notifications`: a notification raised or regrouped. */
export const NOTIFICATION_EVENT = "notification";
export const notificationEventSchema = z.object({
  notification: notificationSchema,
  unread_count: z.number().int().min(0),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** GET /api/analytics/user-event/: whether the caller has made a song yet. */
export const userEventResponseSchema = z.object({ has_created_song: z.boolean() });
export type UserEventResponse = z.infer<typeof userEventResponseSchema>;

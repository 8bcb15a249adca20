import { type Kysely, sql } from "kysely";
import {
  DELETE_NOTIFICATION_TYPE,
  type MarkReadBody,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PROFILES_MAX,
  type Notification,
  type NotificationListQuery,
  type NotificationListResponse,
  notificationContentSchema,
  notificationTypeSchema,
} from "../../shared/api/notifications.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

interface NotificationRow {
  id: string;
  user_id: string;
  notification_type: string;
  updated_at: Date | string;
  is_read: boolean;
  content: unknown;
  total_users: number | string;
  profiles: unknown;
}

/**
 * A row as the pages see it; null for a row no page should (the ignored type, or a type or content
 * this version does not know, written by another one).
 */
function notificationView(row: NotificationRow): Notification | null {
  const type = notificationTypeSchema.safeParse(row.notification_type);
  const content = notificationContentSchema.safeParse(row.content);
  if (!type.success || !content.success) return null;
  const profiles = (Array.isArray(row.profiles) ? row.profiles : []) as {
    id: string;
    handle: string;
    display_name: string;
    is_following: boolean;
  }[];
  return {
    id: row.id,
    notification_type: type.data,
    updated_at: new Date(row.updated_at).toISOString(),
    is_read: row.is_read,
    user_profiles: profiles.map((profile) => ({
      user_id: profile.id,
      handle: profile.handle,
      display_name: profile.display_name,
      is_following: profile.is_following === true,
    })),
    total_users: Number(row.total_users),
    content: content.data,
  };
}

/** The listed notifications: the caller's own, not dismissed, not of the ignored type. */
const listed = (userId: string) =>
  sql`n.user_id = ${userId} and not n.is_suppressed and n.notification_type <> ${DELETE_NOTIFICATION_TYPE}`;

const SELECT_VIEW = sql`select n.id, n.user_id, n.notification_type, n.updated_at, n.is_read, n.content,
  (select count(*) from notification_actors a where a.notification_id = n.id) as total_users,
  (select coalesce(json_agg(p order by p.acted_at desc), '[]'::json) from (
     select u.id, u.handle, u.display_name, a.acted_at,
       exists(select 1 from follows f where f.follower_id = n.user_id and f.followee_id = u.id) as is_following
     from notification_actors a
     join users u on u.id = a.actor_id where a.notification_id = n.id
     order by a.acted_at desc limit ${NOTIFICATION_PROFILES_MAX}) p) as profiles
  from notifications n`;

/** Notifications by id as their recipients' pages see them, with whose each is (for the realtime push). */
export async function notificationsById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ readonly userId: string; readonly notification: Notification }[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<NotificationRow>`${SELECT_VIEW} where n.id in (${sql.join(ids)})`.execute(db);
  return rows.flatMap((row) => {
    const notification = notificationView(row);
    return notification ? [{ userId: row.user_id, notification }] : [];
  });
}

const unreadCountQuery = (userId: string) =>
  sql`select count(*) from notifications n where ${listed(userId)} and not n.is_read`;

export async function unreadCount(db: Kysely<Database>, userId: string): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`${unreadCountQuery(userId)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Unread counts of several users at once (an announcement's recipients). */
export async function unreadCounts(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: string; count: number | string }>`select n.user_id, count(*) as count
    from notifications n where n.user_id in (${sql.join(userIds)}) and not n.is_suppressed
    and n.notification_type <> ${DELETE_NOTIFICATION_TYPE} and not n.is_read
    group by n.user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}

/**
 * A page of the caller's notifications, newest first. With after_datetime_utc: the page of those
 * updated after it that comes right after it (the oldest first), so that asking again from the
 * newest one answered walks forward without a gap, and an empty page means nothing newer. With
 * before_datetime_utc: the newest of those updated before it. With neither: the newest.
 */
export async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const notifiedAt = new Date().toISOString();
  let window = sql`order by n.updated_at desc, n.id desc`;
  if (query.after_datetime_utc) {
    window = sql`and n.updated_at > ${new Date(query.after_datetime_utc)} order by n.updated_at asc, n.id asc`;
  } else if (query.before_datetime_utc) {
    window = sql`and n.updated_at < ${new Date(query.before_datetime_utc)} order by n.updated_at desc, n.id desc`;
  }
  // The unread count comes with each row (computed once): one query for a page, two for none.
  const { rows } = await sql<NotificationRow & { unread_count: number | string }>`select page.*,
      (${unreadCountQuery(userId)}) as unread_count
    from (${SELECT_VIEW} where ${listed(userId)} ${window} limit ${NOTIFICATION_PAGE_SIZE}) page`.execute(db);
  const unread = rows.length > 0 ? Number(rows[0].unread_count) : await unreadCount(db, userId);
  const notifications = rows
    .flatMap((row) => {
      const view = notificationView(row);
      return view ? [view] : [];
    })
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
  return { notifications, notified_at: notifiedAt, unread_count: unread };
}

/** Every id must be one of the caller's notifications; another user's is as missing as none. */
async function requireOwn(db: Kysely<Database>, userId: string, ids: readonly string[]): Promise<void> {
  const distinct = [...new Set(ids)];
  const owned = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("id", "in", distinct)
    .executeTakeFirstOrThrow();
  if (Number(owned.count) !== distinct.length) throw notFound(NOTIFICATION_NOT_FOUND);
}

/** Marks the caller's notifications read: those named, or all updated up to a time. */
export async function markRead(db: Kysely<Database>, userId: string, body: MarkReadBody): Promise<number> {
  if ("ids" in body) {
    await requireOwn(db, userId, body.ids);
    await db
      .updateTable("notifications")
      .set({ is_read: true })
      .where("user_id", "=", userId)
      .where("id", "in", body.ids)
      .execute();
  } else {
    await db
      .updateTable("notifications")
      .set({ is_read: true })
      .where("user_id", "=", userId)
      .where("is_read", "=", false)
      .where("updated_at", "<=", new Date(body.before_datetime_utc))
      .execute();
  }
  return unreadCount(db, userId);
}

/**
 * Dismisses the caller's notifications: never listed again. A dismissed group is closed too (read),
 * so the next person starts a new one rather than joining a hidden one.
 */
export async function suppress(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  await requireOwn(db, userId, ids);
  await db
    .updateTable("notifications")
    .set({ is_suppressed: true, is_read: true })
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .execute();
  return unreadCount(db, userId);
}

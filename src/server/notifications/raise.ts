// Raising notifications: one function per event the product's features report, each called right
// after the action it reports has been saved. A notification never stops the action: a failure here
// is logged and the action stands.

import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import {
  NOTIFICATION_EVENT,
  type NotificationContent,
  type NotificationEvent,
  type NotificationType,
} from "../../shared/api/notifications.ts";
import { userNotificationsChannel } from "../../shared/api/realtime.ts";
import type { Database } from "../db/schema.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { notificationsById, unreadCounts } from "./notification-store.ts";

/** What raising needs: the database, the realtime hub that pushes to open pages, and a log. */
export interface RaiseContext {
  readonly db: Kysely<Database>;
  readonly realtime: RealtimeHub;
  readonly log: FastifyBaseLogger;
}

/** What a route needs to raise notifications, from the request it handles. */
export const raiseContext = (db: Kysely<Database>, request: FastifyRequest): RaiseContext => ({
  db,
  realtime: request.server.realtime,
  log: request.log,
});

export interface Notice {
  readonly recipientId: string;
  readonly actorId: string;
  readonly type: NotificationType;
  /** What the notification is about (a clip or persona id); with the type, its group. */
  readonly subject: string;
  readonly content: NotificationContent;
}

/** Notifications read per query when pushing many (an announcement to everyone). */
const PUSH_CHUNK = 500;

/** Pushes the recipients' notifications and unread counts to their open pages. */
async function push(ctx: RaiseContext, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += PUSH_CHUNK) {
    const views = await notificationsById(ctx.db, ids.slice(start, start + PUSH_CHUNK));
    const counts = await unreadCounts(
      ctx.db,
      views.map((view) => view.userId),
    );
    for (const { userId, notification } of views) {
      const data: NotificationEvent = { notification, unread_count: counts.get(userId) ?? 0 };
      await ctx.realtime.pubsub.publish(userNotificationsChannel(userId), { name: NOTIFICATION_EVENT, data });
    }
  }
}

/**
 * Adds the actor to the recipient's open group of this type and subject, or opens one. Never about
 * one's own action, and once per person and subject: liking, unliking and liking again notifies once.
 */
export async function raise(ctx: RaiseContext, notice: Notice): Promise<void> {
  if (notice.recipientId === notice.actorId) return;
  try {
    const groupKey = `${notice.type}:${notice.subject}`;
    const now = new Date();
    const id = await ctx.db.transaction().execute(async (tx) => {
      const blocked = await tx
        .selectFrom("user_blocks")
        .select("blocker_id")
        .where("blocker_id", "=", notice.recipientId)
        .where("blocked_id", "=", notice.actorId)
        .executeTakeFirst();
      if (blocked) return null;
      const seen = await tx
        .selectFrom("notification_actors as a")
        .innerJoin("notifications as n", "n.id", "a.notification_id")
        .select("n.id")
        .where("n.user_id", "=", notice.recipientId)
        .where("n.group_key", "=", groupKey)
        .where("a.actor_id", "=", notice.actorId)
        .executeTakeFirst();
      if (seen) return null;
      const { rows } = await sql<{ id: string }>`insert into notifications
          (user_id, notification_type, group_key, content, updated_at)
        values (${notice.recipientId}, ${notice.type}, ${groupKey}, ${JSON.stringify(notice.content)}::jsonb, ${now})
        on conflict (user_id, group_key) where not is_read
        do update set updated_at = excluded.updated_at, content = excluded.content
        returning id`.execute(tx);
      const notificationId = rows[0].id;
      await tx
        .insertInto("notification_actors")
        .values({ notification_id: notificationId, actor_id: notice.actorId, acted_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return notificationId;
    });
    if (id !== null) await push(ctx, [id]);
  } catch (error) {
    ctx.log.error({ err: error, notice }, "a notification could not be raised");
  }
}

/** A notification to a song's owner about something someone did to it (clip_like, clip_remix). */
export async function raiseAboutClip(
  ctx: RaiseContext,
  event: { readonly type: NotificationType; readonly actorId: string; readonly clipId: string },
): Promise<void> {
  const clip = await ctx.db
    .selectFrom("clips")
    .select(["user_id", "title"])
    .where("id", "=", event.clipId)
    .executeTakeFirst();
  if (!clip) return;
  await raise(ctx, {
    recipientId: clip.user_id,
    actorId: event.actorId,
    type: event.type,
    subject: event.clipId,
    content: { clip_id: event.clipId, title: clip.title },
  });
}

/**
 * A comment was saved: its song's owner hears of it (clip_comment), a reply's parent author
 * (comment_reply) and each person it mentions (comment_mention); nobody hears twice of one comment.
 */
export async function raiseCommentPosted(
  ctx: RaiseContext,
  actorId: string,
  commentId: string,
): Promise<void> {
  const comment = await ctx.db
    .selectFrom("comments as c")
    .innerJoin("clips as k", "k.id", "c.clip_id")
    .leftJoin("comments as p", "p.id", "c.parent_id")
    .select([
      "c.clip_id",
      "c.parent_id",
      "c.user_mentions",
      "k.user_id as owner_id",
      "k.title",
      "p.user_id as parent_author",
    ])
    .where("c.id", "=", commentId)
    .executeTakeFirst();
  if (!comment) return;
  const content: NotificationContent = { clip_id: comment.clip_id, title: comment.title };
  const told = new Set<string>();
  const tell = async (recipientId: string, type: NotificationType, subject: string) => {
    if (told.has(recipientId)) return;
    told.add(recipientId);
    await raise(ctx, { recipientId, actorId, type, subject, content });
  };
  await tell(comment.owner_id, "clip_comment", comment.clip_id);
  if (comment.parent_id !== null && comment.parent_author !== null)
    await tell(comment.parent_author, "comment_reply", comment.parent_id);
  if (comment.user_mentions.length > 0) {
    const mentioned = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("handle", "in", comment.user_mentions)
      .execute();
    for (const { id } of mentioned) await tell(id, "comment_mention", commentId);
  }
}

/** Someone liked a comment: its author hears of it. */
export async function raiseCommentLike(ctx: RaiseContext, actorId: string, commentId: string): Promise<void> {
  const comment = await ctx.db
    .selectFrom("comments as c")
    .innerJoin("clips as k", "k.id", "c.clip_id")
    .select(["c.user_id", "c.clip_id", "k.title"])
    .where("c.id", "=", commentId)
    .executeTakeFirst();
  if (!comment) return;
  await raise(ctx, {
    recipientId: comment.user_id,
    actorId,
    type: "comment_like",
    subject: commentId,
    content: { clip_id: comment.clip_id, title: comment.title },
  });
}

/** Someone followed a user. */
export const raiseFollow = (ctx: RaiseContext, actorId: string, followeeId: string) =>
  raise(ctx, { recipientId: followeeId, actorId, type: "follow", subject: followeeId, content: {} });

/** Someone liked a song. */
export const raiseClipLike = (ctx: RaiseContext, actorId: string, clipId: string) =>
  raiseAboutClip(ctx, { type: "clip_like", actorId, clipId });

type PersonaEvent = Extract<NotificationType, "persona_favorite" | "persona_follow" | "persona_used">;

async function raiseAboutPersona(ctx: RaiseContext, type: PersonaEvent, actorId: string, personaId: string) {
  const persona = await ctx.db
    .selectFrom("personas")
    .select(["user_id", "name"])
    .where("id", "=", personaId)
    .executeTakeFirst();
  if (!persona) return;
  await raise(ctx, {
    recipientId: persona.user_id,
    actorId,
    type,
    subject: personaId,
    content: { persona_id: personaId, title: persona.name },
  });
}

/** Someone loved a persona. */
export const raisePersonaFavorite = (ctx: RaiseContext, actorId: string, personaId: string) =>
  raiseAboutPersona(ctx, "persona_favorite", actorId, personaId);

/** Someone followed a persona. */
export const raisePersonaFollow = (ctx: RaiseContext, actorId: string, personaId: string) =>
  raiseAboutPersona(ctx, "persona_follow", actorId, personaId);

/** Someone made songs with a persona. */
export const raisePersonaUsed = (ctx: RaiseContext, actorId: string, personaId: string) =>
  raiseAboutPersona(ctx, "persona_used", actorId, personaId);

/**
 * Staff's announcement to the users named (those that exist), or to everyone; never to the sender.
 * Answers how many received it.
 */
export async function raiseAnnouncement(
  ctx: RaiseContext,
  announcement: { readonly staffId: string; readonly message: string; readonly userIds?: readonly string[] },
): Promise<number> {
  const now = new Date();
  const groupKey = `announcement:${crypto.randomUUID()}`;
  const content: NotificationContent = { message: announcement.message };
  const only = announcement.userIds ? sql`and u.id in (${sql.join(announcement.userIds)})` : sql``;
  const ids = await ctx.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: string }>`insert into notifications
        (user_id, notification_type, group_key, content, updated_at)
      select u.id, 'announcement', ${groupKey}, ${JSON.stringify(content)}::jsonb, ${now}
      from users u where u.id <> ${announcement.staffId} ${only}
      returning id`.execute(tx);
    await sql`insert into notification_actors (notification_id, actor_id, acted_at)
      select id, ${announcement.staffId}, ${now} from notifications where group_key = ${groupKey}`.execute(
      tx,
    );
    return rows.map((row) => row.id);
  });
  // To everyone, pushing takes a while: the answer does not wait for it.
  void push(ctx, ids).catch((error: unknown) =>
    ctx.log.error({ err: error }, "an announcement could not be pushed"),
  );
  return ids.length;
}

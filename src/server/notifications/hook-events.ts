// Notifications about hooks, by the rule of songs: someone liking or commenting on a person's hook
// tells its owner (grouped per hook while unread), and a reply tells the comment's author; nobody
// hears twice of one comment, nor of their own action. A song's video cover in the hooks feed is a
// hook too; what its owner is told names it a video cover (the video_cover_hook_* types).

import type { NotificationContent, NotificationType } from "../../shared/api/notifications.ts";
import { type RaiseContext, raise } from "./raise.ts";

type HookEvent = Extract<NotificationType, "hook_like" | "hook_comment" | "hook_comment_reply">;

/** A song's video cover shown as a hook is named so in what its owner is told. */
const typeFor = (kind: string, type: HookEvent): NotificationType =>
  kind === "video_cover" ? `video_cover_${type}` : type;

/** The hook's owner and what the notification shows of it (its title, when it has one). */
async function hookSubject(ctx: RaiseContext, hookId: string) {
  const hook = await ctx.db
    .selectFrom("hooks")
    .select(["user_id", "title", "clip_id", "kind"])
    .where("id", "=", hookId)
    .executeTakeFirst();
  if (!hook) return null;
  const content: NotificationContent = {
    hook_id: hookId,
    clip_id: hook.clip_id,
    ...(hook.title.trim() ? { title: hook.title } : {}),
  };
  return { ownerId: hook.user_id, content, kind: hook.kind };
}

/** Someone liked (hook_like) or commented on (hook_comment) a hook: its owner hears of it. */
async function raiseAboutHook(ctx: RaiseContext, type: HookEvent, actorId: string, hookId: string) {
  const hook = await hookSubject(ctx, hookId);
  if (hook)
    await raise(ctx, {
      recipientId: hook.ownerId,
      actorId,
      type: typeFor(hook.kind, type),
      subject: hookId,
      content: hook.content,
    });
}

/** Someone liked a hook. */
export const raiseHookLike = (ctx: RaiseContext, actorId: string, hookId: string) =>
  raiseAboutHook(ctx, "hook_like", actorId, hookId);

/**
 * A comment on a hook was saved: the hook's owner hears of it (hook_comment) and, for a reply, the
 * parent comment's author (hook_comment_reply), each once.
 */
export async function raiseHookComment(ctx: RaiseContext, actorId: string, commentId: string): Promise<void> {
  const comment = await ctx.db
    .selectFrom("hook_comments as c")
    .leftJoin("hook_comments as p", "p.id", "c.parent_id")
    .select(["c.hook_id", "c.parent_id", "p.user_id as parent_author"])
    .where("c.id", "=", commentId)
    .executeTakeFirst();
  if (!comment) return;
  const hook = await hookSubject(ctx, comment.hook_id);
  if (!hook) return;
  const content = hook.content;
  await raise(ctx, {
    recipientId: hook.ownerId,
    actorId,
    type: typeFor(hook.kind, "hook_comment"),
    subject: comment.hook_id,
    content,
  });
  if (
    comment.parent_id !== null &&
    comment.parent_author !== null &&
    comment.parent_author !== hook.ownerId
  ) {
    await raise(ctx, {
      recipientId: comment.parent_author,
      actorId,
      type: typeFor(hook.kind, "hook_comment_reply"),
      subject: comment.parent_id,
      content,
    });
  }
}

// What a notification says and where it leads, from its type, its people and what it is about.

import type { TFunction } from "i18next";
import type { Notification } from "../../shared/api/notifications.ts";

/** "ana", "ana and 1 other", "ana and 3 others": the newest person, and how many more. */
export function peopleText(
  notification: Pick<Notification, "user_profiles" | "total_users">,
  t: TFunction,
): string {
  const first = notification.user_profiles[0]?.handle ?? t("notifications:people.someone");
  const others = Math.max(0, notification.total_users - 1);
  if (others === 0) return first;
  return t("notifications:people.others", { first, count: others });
}

/** The whole sentence: '{handle} and 3 others liked your song "Title"', or an announcement's text. */
export function notificationText(notification: Notification, t: TFunction): string {
  const type = notification.notification_type;
  if (type === "announcement") return notification.content.message ?? "";
  const title = notification.content.title;
  const untitled = t(`notifications:action.${type}`);
  // Only the types about a song, hook, persona, playlist or workspace have a titled form; the rest never name one.
  const action = title
    ? t(`notifications:actionTitled.${type}`, { title, defaultValue: untitled })
    : untitled;
  return t("notifications:sentence", { people: peopleText(notification, t), action });
}

/** Where opening it leads: the hook, song, persona or playlist, the follower's profile; null for none. */
export function notificationHref(notification: Notification): string | null {
  const { content } = notification;
  if (content.hook_id) return `/hook/${encodeURIComponent(content.hook_id)}`;
  if (content.clip_id) return `/song/${encodeURIComponent(content.clip_id)}`;
  if (content.persona_id) return `/persona/${encodeURIComponent(content.persona_id)}`;
  if (content.playlist_id) return `/playlist/${encodeURIComponent(content.playlist_id)}`;
  // Invites are answered beside the workspace switcher of the create page.
  if (content.project_id) return "/create";
  const follower = notification.user_profiles[0];
  if (notification.notification_type === "follow" && follower)
    return `/@${encodeURIComponent(follower.handle)}`;
  return null;
}

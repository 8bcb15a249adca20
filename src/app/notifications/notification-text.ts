// What a notification says and where it leads, from its type, its people and what it is about.

import type { Notification, NotificationType } from "../../shared/api/notifications.ts";

/** "your song "Title"", or "your song" when it has no title. */
const named = (noun: string, title: string | undefined) => (title ? `${noun} "${title}"` : noun);

/** What the people did, after their names; the title is the song's, persona's or playlist's. */
const ACTIONS: Record<Exclude<NotificationType, "announcement">, (title: string | undefined) => string> = {
  clip_like: (title) => `liked ${named("your song", title)}`,
  scene_like: () => "liked your scene",
  playlist_like: (title) => `liked ${named("your playlist", title)}`,
  follow: () => "started following you",
  persona_follow: (title) => `followed ${named("your persona", title)}`,
  persona_favorite: (title) => `loved ${named("your persona", title)}`,
  persona_used: (title) => `made a song with ${named("your persona", title)}`,
  clip_comment: (title) => `commented on ${named("your song", title)}`,
  scene_comment: () => "commented on your scene",
  comment_like: (title) => `liked your comment on ${named("the song", title)}`,
  comment_reply: (title) => `replied to your comment on ${named("the song", title)}`,
  clip_create_followee: (title) => `released ${named("a new song", title)}`,
  clip_remix: (title) => `remixed ${named("your song", title)}`,
  comment_mention: (title) => `mentioned you in a comment on ${named("the song", title)}`,
  caption_mention: (title) => `mentioned you in the caption of ${named("the song", title)}`,
  share_clip: (title) => `shared ${named("a song", title)} with you`,
  hook_like: () => "liked your hook",
  hook_comment: () => "commented on your hook",
  hook_comment_reply: () => "replied to your comment on a hook",
  hook_comment_like: () => "liked your comment on a hook",
  hook_comment_mention: () => "mentioned you in a comment on a hook",
  hook_caption_mention: () => "mentioned you in a hook's caption",
  video_cover_hook_like: () => "liked your video cover",
  video_cover_hook_comment: () => "commented on your video cover",
  video_cover_hook_comment_reply: () => "replied to your comment on a video cover",
  video_cover_hook_comment_like: () => "liked your comment on a video cover",
  video_cover_hook_comment_mention: () => "mentioned you in a comment on a video cover",
  workspace_invite: (title) => `invited you to ${named("the workspace", title)}`,
};

/** "ana", "ana and 1 other", "ana and 3 others": the newest person, and how many more. */
export function peopleText(notification: Pick<Notification, "user_profiles" | "total_users">): string {
  const first = notification.user_profiles[0]?.handle ?? "Someone";
  const others = Math.max(0, notification.total_users - 1);
  if (others === 0) return first;
  return `${first} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** The whole sentence: '{handle} and 3 others liked your song "Title"', or an announcement's text. */
export function notificationText(notification: Notification): string {
  if (notification.notification_type === "announcement") return notification.content.message ?? "";
  const action = ACTIONS[notification.notification_type](notification.content.title);
  return `${peopleText(notification)} ${action}`;
}

/** Where opening it leads: the song, persona or playlist, the follower's profile; null for none. */
export function notificationHref(notification: Notification): string | null {
  const { content } = notification;
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

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; past a week, the date. */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < 60_000) return "just now";
  if (elapsed >= 7 * 86_400_000) return new Date(iso).toLocaleDateString("en", { dateStyle: "medium" });
  const [unit, size] = UNITS.find(([, length]) => elapsed >= length) ?? UNITS[UNITS.length - 1];
  return relative.format(-Math.floor(elapsed / size), unit);
}

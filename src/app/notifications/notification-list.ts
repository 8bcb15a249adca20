// The notifications page's list rules: pages and live pushes merge by id, newest first.

import type { Notification } from "../../shared/api/notifications.ts";

const newestFirst = (a: Notification, b: Notification) =>
  b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);

/**
 * The list with `incoming` merged in: a notification already listed is replaced by its newer
 * state (a group that gathered another person moves up), a new one is added.
 */
export function mergeNotifications(
  current: readonly Notification[],
  incoming: readonly Notification[],
): Notification[] {
  const byId = new Map(current.map((notification) => [notification.id, notification]));
  for (const notification of incoming) byId.set(notification.id, notification);
  return [...byId.values()].sort(newestFirst);
}

/**
 * The time to ask "what is newer" from: the latest of the server's answer time and every
 * notification listed (ISO 8601 strings of one format compare as times).
 */
export function newerCursor(cursor: string | null, listed: readonly Notification[]): string | null {
  return listed.reduce<string | null>(
    (latest, notification) =>
      latest === null || notification.updated_at > latest ? notification.updated_at : latest,
    cursor,
  );
}

/** The time to ask "what is older" from: the oldest listed; null when nothing is listed. */
export const olderCursor = (listed: readonly Notification[]): string | null =>
  listed.at(-1)?.updated_at ?? null;

// The notification calls. The header's bell (account/PageHeader) uses this folder, so nothing here
// may import account/ (folders never import each other): the calls go by fetch, checked with the
// shared schemas, and a refusal throws the server's `detail`.

import type { z } from "zod";
import {
  type MarkReadBody,
  type NotificationListResponse,
  notificationListResponseSchema,
  type UnreadCountResponse,
  unreadCountResponseSchema,
} from "../../shared/api/notifications.ts";

export const NOTIFICATIONS_PATH = "/api/notification/v2";

async function call<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  body?: unknown,
): Promise<z.infer<Schema>> {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (answer as { detail?: unknown } | null)?.detail;
    throw new Error(typeof detail === "string" ? detail : `The server answered ${response.status}`);
  }
  return schema.parse(answer);
}

/** The newest page, or the page after or before a time. */
export function fetchNotifications(
  from?: { readonly after: string } | { readonly before: string },
): Promise<NotificationListResponse> {
  let query = "";
  if (from && "after" in from) query = `?after_datetime_utc=${encodeURIComponent(from.after)}`;
  if (from && "before" in from) query = `?before_datetime_utc=${encodeURIComponent(from.before)}`;
  return call(`${NOTIFICATIONS_PATH}${query}`, notificationListResponseSchema);
}

export const postRead = (body: MarkReadBody): Promise<UnreadCountResponse> =>
  call(`${NOTIFICATIONS_PATH}/read`, unreadCountResponseSchema, body);

export const postSuppress = (ids: readonly string[]): Promise<UnreadCountResponse> =>
  call("/api/notification/suppress", unreadCountResponseSchema, { ids });

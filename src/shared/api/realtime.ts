import { z } from "zod";
import type { Clip } from "./clips.ts";

/** The websocket endpoint. Browsers on Tunesmith's pages authenticate with the session cookie. */
export const REALTIME_PATH = "/api/realtime";

/** Clip updates of a user's generations. Only that user may subscribe. */
export const userGenerateSongsChannel = (userId: string) => `user:${userId}:generate_songs`;
/** A user's notifications as they are raised. Only that user may subscribe. */
export const userNotificationsChannel = (userId: string) => `user:${userId}:notifications`;
/** A shared workspace's changes, on a channel named by the project id. */
export const projectChannel = (projectId: string) => `project:${projectId}`;

export const CHANNEL_MAX = 300;

/** What a client sends over the socket, one JSON object per message. */
export const realtimeClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), channel: z.string().min(1).max(CHANNEL_MAX) }),
  z.object({ type: z.literal("unsubscribe"), channel: z.string().min(1).max(CHANNEL_MAX) }),
  z.object({ type: z.literal("ping") }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** What the server sends. `event` carries a published event on a channel the client subscribed to. */
export type RealtimeServerMessage =
  | { readonly type: "subscribed"; readonly channel: string }
  | { readonly type: "unsubscribed"; readonly channel: string }
  | { readonly type: "event"; readonly channel: string; readonly name: string; readonly data: unknown }
  | { readonly type: "error"; readonly channel?: string; readonly detail: string }
  | { readonly type: "pong" };

/** The user channel's event: clips whose state changed (status, audio, title...). */
export interface ClipUpdateEvent {
  readonly clips: readonly Clip[];
}
export const CLIP_UPDATE_EVENT = "clip_update";

/**
 * workspace_change: a member changed the shared workspace's clips (action: add_clips, remove_clips,
 * move_clips, pin_clips, trash_clips), so the other members' open lists reload it. The actor's
 * handle and the clips' ids come along for the pages' toasts ('ana added 2 songs').
 */
export const workspaceChangeEventSchema = z.object({
  project: z.string(),
  action: z.string(),
  user_id: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  handle: z.string().optional(),
  clip_ids: z.array(z.string()).optional(),
});
export type WorkspaceChangeEvent = z.infer<typeof workspaceChangeEventSchema>;
export const WORKSPACE_CHANGE_EVENT = "workspace_change";

/** kick_user: the target was removed from the project and leaves it at once. */
export const kickUserEventSchema = z.object({
  project: z.string(),
  target_user_id: z.string(),
  timestamp: z.string(),
});
export type KickUserEvent = z.infer<typeof kickUserEventSchema>;
export const KICK_USER_EVENT = "kick_user";

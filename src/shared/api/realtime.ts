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

/** workspace_change: a collaborator changed the project (action: add_clips, remove_clips, move_clips...). */
export interface WorkspaceChangeEvent {
  readonly project: string;
  readonly action: string;
  readonly user_id: string;
  /** ISO 8601. */
  readonly timestamp: string;
}

/** kick_user: the target was removed from the project and should leave it. */
export interface KickUserEvent {
  readonly project: string;
  readonly target_user_id: string;
  readonly timestamp: string;
}

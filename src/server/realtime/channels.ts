import type { Kysely } from "kysely";
import type { Clip } from "../../shared/api/clips.ts";
import {
  CLIP_UPDATE_EVENT,
  type ClipUpdateEvent,
  KICK_USER_EVENT,
  type KickUserEvent,
  projectChannel,
  userGenerateSongsChannel,
  WORKSPACE_CHANGE_EVENT,
  type WorkspaceChangeEvent,
} from "../../shared/api/realtime.ts";
import type { Database, User } from "../db/schema.ts";
import type { PubSub } from "./pubsub.ts";

/** Whether a user may follow a project's channel: its owner or a collaborator. */
export type ProjectAccess = (db: Kysely<Database>, user: User, projectId: string) => Promise<boolean>;

/** Until the workspaces module says who belongs to a project (at start), nobody may follow one. */
export const NO_PROJECT_ACCESS: ProjectAccess = async () => false;

/** A user's own channels: their generations and their notifications. */
const USER_CHANNEL = /^user:([^:]+):(generate_songs|notifications)$/;
const PROJECT_CHANNEL = /^project:([^:]+)$/;

export type ChannelVerdict = { readonly ok: true } | { readonly ok: false; readonly detail: string };

export async function authorizeChannel(
  db: Kysely<Database>,
  user: User,
  channel: string,
  projectAccess: ProjectAccess,
): Promise<ChannelVerdict> {
  const userMatch = USER_CHANNEL.exec(channel);
  if (userMatch) {
    return userMatch[1] === user.id
      ? { ok: true }
      : { ok: false, detail: "You may only follow your own channel" };
  }
  const projectMatch = PROJECT_CHANNEL.exec(channel);
  if (projectMatch) {
    return (await projectAccess(db, user, projectMatch[1]))
      ? { ok: true }
      : { ok: false, detail: "You are not a member of this workspace" };
  }
  return { ok: false, detail: `Unknown channel ${channel}` };
}

export function publishClipUpdate(pubsub: PubSub, userId: string, clips: readonly Clip[]): Promise<void> {
  const data: ClipUpdateEvent = { clips };
  return pubsub.publish(userGenerateSongsChannel(userId), { name: CLIP_UPDATE_EVENT, data });
}

export interface WorkspaceChange {
  readonly project: string;
  readonly action: string;
  readonly userId: string;
  readonly handle?: string;
  readonly clipIds?: readonly string[];
}

export function publishWorkspaceChange(pubsub: PubSub, change: WorkspaceChange): Promise<void> {
  const data: WorkspaceChangeEvent = {
    project: change.project,
    action: change.action,
    user_id: change.userId,
    timestamp: new Date().toISOString(),
    ...(change.handle === undefined ? {} : { handle: change.handle }),
    ...(change.clipIds === undefined ? {} : { clip_ids: [...change.clipIds] }),
  };
  return pubsub.publish(projectChannel(change.project), { name: WORKSPACE_CHANGE_EVENT, data });
}

export function publishKickUser(
  pubsub: PubSub,
  kick: { readonly project: string; readonly targetUserId: string },
): Promise<void> {
  const data: KickUserEvent = {
    project: kick.project,
    target_user_id: kick.targetUserId,
    timestamp: new Date().toISOString(),
  };
  return pubsub.publish(projectChannel(kick.project), { name: KICK_USER_EVENT, data });
}

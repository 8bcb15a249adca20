import type { Clip } from "../../shared/api/clips.ts";
import {
  NO_PROJECT_ACCESS,
  type ProjectAccess,
  publishClipUpdate,
  publishKickUser,
  publishWorkspaceChange,
  type WorkspaceChange,
} from "./channels.ts";
import type { PubSub } from "./pubsub.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Realtime updates: route modules publish through it (available once the server is ready). */
    realtime: RealtimeHub;
  }
}

/** The server's pub/sub and the rules for who may follow a project. */
export class RealtimeHub {
  private current: PubSub | null = null;
  private access: ProjectAccess = NO_PROJECT_ACCESS;

  get pubsub(): PubSub {
    if (!this.current) throw new Error("Realtime updates start when the server is ready");
    return this.current;
  }

  get projectAccess(): ProjectAccess {
    return this.access;
  }

  /** The workspaces module says who may follow a project's channel (owner and collaborators). */
  setProjectAccess(check: ProjectAccess): void {
    this.access = check;
  }

  start(pubsub: PubSub): void {
    this.current = pubsub;
  }

  async stop(): Promise<void> {
    const pubsub = this.current;
    this.current = null;
    await pubsub?.close();
  }

  /** Pushes changed clips to their owner's generate_songs channel. */
  clipsChanged(userId: string, clips: readonly Clip[]): Promise<void> {
    return publishClipUpdate(this.pubsub, userId, clips);
  }

  workspaceChanged(change: WorkspaceChange): Promise<void> {
    return publishWorkspaceChange(this.pubsub, change);
  }

  userKicked(kick: { project: string; targetUserId: string }): Promise<void> {
    return publishKickUser(this.pubsub, kick);
  }
}

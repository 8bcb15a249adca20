import type { Kysely } from "kysely";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { publishClipUpdate, publishWorkspaceChange } from "../realtime/channels.ts";
import type { PubSub } from "../realtime/pubsub.ts";
import { sharedWorkspacesHolding } from "../workspaces/shared-clip-changes.ts";

/**
 * Pushes clips' current JSON, as their owner sees it, to the owner's generate_songs channel, and
 * tells each shared workspace holding some of them (update_clips), so the other members' lists
 * follow a song being made there as its owner's does. A failure is logged, never thrown: the update
 * is a convenience (pages also poll), the work is not.
 */
export function clipPublisher(
  db: Kysely<Database>,
  pubsub: () => PubSub,
  log: { error(object: unknown, message: string): void },
): (userId: string, clipIds: readonly string[]) => Promise<void> {
  return async (userId, clipIds) => {
    try {
      const rows = await findVisibleClips(db, userId, clipIds);
      await publishClipUpdate(
        pubsub(),
        userId,
        rows.map((row) => clipView(row, userId)),
      );
      const handle = rows[0]?.owner_handle;
      for (const [project, ids] of await sharedWorkspacesHolding(db, clipIds)) {
        await publishWorkspaceChange(pubsub(), {
          project,
          action: "update_clips",
          userId,
          handle,
          clipIds: ids,
        });
      }
    } catch (error) {
      log.error({ err: error }, "could not push clip updates");
    }
  };
}

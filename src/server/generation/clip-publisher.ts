import type { Kysely } from "kysely";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { publishClipUpdate } from "../realtime/channels.ts";
import type { PubSub } from "../realtime/pubsub.ts";

/**
 * Pushes clips' current JSON, as their owner sees it, to the owner's generate_songs channel. A
 * failure is logged, never thrown: the update is a convenience (pages also poll), the work is not.
 */
export function clipPublisher(
  db: Kysely<Database>,
  pubsub: () => PubSub,
  log: { error(object: unknown, message: string): void },
): (userId: string, clipIds: readonly string[]) => Promise<void> {
  return async (userId, clipIds) => {
    try {
      const clips = (await findVisibleClips(db, userId, clipIds)).map((row) => clipView(row, userId));
      await publishClipUpdate(pubsub(), userId, clips);
    } catch (error) {
      log.error({ err: error }, "could not push clip updates");
    }
  };
}

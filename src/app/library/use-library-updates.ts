// Keeps the library current while songs are made: the generation channel pushes each change, and
// the clips still being made are polled by id in batches (the channel's fallback after a lost
// connection). Every change goes in or out of the lists by the filters.

import { useEffect } from "react";
import { type Clip, feedV2ResponseSchema } from "../../shared/api/clips.ts";
import { isPolled } from "../../shared/create/clip-polling.ts";
import { listedPollState } from "../../shared/library/clip-display.ts";
import { POLL_MIN_GAP_MS, PollBatcher } from "../../shared/library/poll-batcher.ts";
import { apiRequest } from "../account/api-request.ts";
import { followGenerations } from "../shell/realtime-socket.ts";
import { applyClipChanges, libraryStore } from "./library-store.ts";
import { trashListChanged } from "./trash-store.ts";

function changed(clips: readonly Clip[]): void {
  applyClipChanges(clips);
  trashListChanged(clips.filter((clip) => clip.is_trashed));
}

/** The shown clips still being made; one stuck by the stuck rules is no longer polled. */
function beingMade(now = Date.now()): string[] {
  return libraryStore
    .getState()
    .clips.filter((clip) => isPolled(listedPollState(clip, now)))
    .map((clip) => clip.id);
}

export function useLibraryUpdates(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    const batcher = new PollBatcher({
      fetch: async (ids) => {
        try {
          const answer = await apiRequest(`/api/feed/v2?ids=${ids.join(",")}`, feedV2ResponseSchema);
          changed(answer.clips);
        } catch (error) {
          console.warn("Polling the songs being made failed; trying again", error);
        }
      },
    });
    const stop = followGenerations(userId, {
      onClips: changed,
      onSubscribed: () => batcher.request(beingMade()),
    });
    const timer = setInterval(() => batcher.request(beingMade()), POLL_MIN_GAP_MS);
    return () => {
      stop();
      clearInterval(timer);
      batcher.stop();
    };
  }, [userId]);
}

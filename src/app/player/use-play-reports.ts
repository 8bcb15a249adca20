import { useEffect } from "react";
import { bulkPlayCountResponseSchema } from "../../shared/api/play-counts.ts";
import { apiRequest } from "../account/api-request.ts";
import { clipsStore, updateKnownClips } from "../shell/clips-store.ts";
import { type PlayTracker, sampledFactor, trackPlay } from "./play-session.ts";
import { currentClip } from "./player-queue.ts";
import { playerStore, playheadStore } from "./player-store.ts";

/** The song the player holds, at its newest known state (the clip store's copy wins). */
function heldClip(clipId: string) {
  const queued = currentClip(playerStore.getState());
  const known = clipsStore.getState().byId[clipId]?.clip;
  return known ?? (queued?.id === clipId ? queued : undefined);
}

/**
 * Reports plays the global player makes, on every page: once a listener heard a meaningful part of
 * a song, once per song per session, sampled by the song's play count, through the bulk call. The
 * new count goes to the clip store, so the pages showing the song (held there) show it.
 */
export function usePlayReports(): void {
  useEffect(() => {
    let tracker: PlayTracker | null = null;
    let trackedId: string | null = null;
    return playheadStore.subscribe((state) => {
      if (state.clipId === null) return;
      if (state.clipId !== trackedId) {
        trackedId = state.clipId;
        tracker = trackPlay(state.clipId, heldClip(state.clipId)?.metadata.duration, state.seconds);
        return;
      }
      if (tracker === null || !tracker.heard(state.seconds)) return;
      const clip = heldClip(state.clipId);
      const factor = sampledFactor(clip?.play_count ?? 0);
      if (factor === null) return;
      apiRequest("/api/gen/bulk_increment_play_counts/v2", bulkPlayCountResponseSchema, {
        body: { gen_ids: [state.clipId], sample_factor: factor },
      })
        .then((answer) => {
          const counted = answer.clips.flatMap((count) => {
            const known = clipsStore.getState().byId[count.id]?.clip;
            return known === undefined ? [] : [{ ...known, play_count: count.play_count }];
          });
          updateKnownClips(counted);
        })
        .catch((error: unknown) => console.warn("Could not count the play", error));
    });
  }, []);
}

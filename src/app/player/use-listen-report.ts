import { useEffect } from "react";
import { listenResponseSchema } from "../../shared/api/on-repeat.ts";
import { followListen, NO_LISTEN } from "../../shared/player/listening.ts";
import { apiRequest } from "../account/api-request.ts";
import { useAccount } from "../account/session-store.ts";
import { currentClip } from "./player-queue.ts";
import { playerStore, playheadStore } from "./player-store.ts";

/**
 * A signed-in listener's every listen through the bar (each start of a song heard for a meaningful
 * part, replays and repeats included) is reported, so the server can rank their on-repeat list.
 */
export function useListenReport(): void {
  const signedIn = useAccount((state) => state.session?.user != null);
  useEffect(() => {
    if (!signedIn) return;
    let progress = NO_LISTEN;
    return playheadStore.subscribe(({ clipId, seconds }) => {
      const player = playerStore.getState();
      const clip = currentClip(player);
      if (clip === undefined || clip.id !== clipId) return;
      const next = followListen(progress, `${clip.id}:${player.starts}`, seconds, clip.metadata.duration);
      progress = next.progress;
      if (!next.counts) return;
      apiRequest("/api/music_player/listens/", listenResponseSchema, { body: { clip_id: clip.id } }).catch(
        (error: unknown) => console.warn("Could not report the listen", error),
      );
    });
  }, [signedIn]);
}

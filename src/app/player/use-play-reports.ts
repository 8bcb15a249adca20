// What the global player reports of what was heard, on every page. Each start of a song (a replay,
// a restart by repeat) heard for a meaningful part is one listen: a signed-in listener's listens
// rank their on-repeat list; the session's first listen of a song is its play, counted through the
// bulk call and sampled by the song's play count, the new count going to the clip store so the
// pages showing the song show it.

import { useEffect } from "react";
import { listenResponseSchema } from "../../shared/api/on-repeat.ts";
import { bulkPlayCountResponseSchema } from "../../shared/api/play-counts.ts";
import { followListen, NO_LISTEN } from "../../shared/player/listening.ts";
import { apiRequest } from "../account/api-request.ts";
import { useAccount } from "../account/session-store.ts";
import { clipsStore, updateKnownClips } from "../shell/clips-store.ts";
import { claimPlay, sampledFactor } from "./play-session.ts";
import { currentClip } from "./player-queue.ts";
import { playerStore, playheadStore } from "./player-store.ts";

function reportListen(clipId: string): void {
  apiRequest("/api/music_player/listens/", listenResponseSchema, { body: { clip_id: clipId } }).catch(
    (error: unknown) => console.warn("Could not report the listen", error),
  );
}

function countPlay(clipId: string, playCount: number): void {
  const factor = sampledFactor(playCount);
  if (factor === null) return;
  apiRequest("/api/gen/bulk_increment_play_counts/v2", bulkPlayCountResponseSchema, {
    body: { gen_ids: [clipId], sample_factor: factor },
  })
    .then((answer) => {
      const counted = answer.clips.flatMap((count) => {
        const known = clipsStore.getState().byId[count.id]?.clip;
        return known === undefined ? [] : [{ ...known, play_count: count.play_count }];
      });
      updateKnownClips(counted);
    })
    .catch((error: unknown) => console.warn("Could not count the play", error));
}

export function usePlayReports(): void {
  const signedIn = useAccount((state) => state.session?.user != null);
  useEffect(() => {
    let progress = NO_LISTEN;
    return playheadStore.subscribe(({ clipId, seconds }) => {
      const player = playerStore.getState();
      const queued = currentClip(player);
      if (queued === undefined || queued.id !== clipId) return;
      // The clip store's copy is the newest (a length known since, a count just reported).
      const clip = clipsStore.getState().byId[clipId]?.clip ?? queued;
      const next = followListen(progress, `${clip.id}:${player.starts}`, seconds, clip.metadata.duration);
      progress = next.progress;
      if (!next.counts) return;
      if (signedIn) reportListen(clip.id);
      if (claimPlay(clip.id)) countPlay(clip.id, clip.play_count);
    });
  }, [signedIn]);
}

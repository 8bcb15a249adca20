import { useEffect } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { playCountResponseSchema, playCountSampleFactor } from "../../shared/api/play-counts.ts";
import { heardAfter, meaningfulSeconds, reportsSampledPlay } from "../../shared/player/listening.ts";
import { apiRequest } from "../account/api-request.ts";
import { playheadStore } from "../player/player-store.ts";

/** A listener's session (the tab, across reloads) counts a song once. */
const countedKey = (clipId: string) => `tunesmith.play-counted.${clipId}`;

function countedBefore(clipId: string): boolean {
  try {
    return sessionStorage.getItem(countedKey(clipId)) !== null;
  } catch {
    return false;
  }
}

function markCounted(clipId: string): void {
  try {
    sessionStorage.setItem(countedKey(clipId), "1");
  } catch {
    // Storage refused (a private window's quota): the count is still reported once on this page.
  }
}

/**
 * Reports a play of the page's song once the listener heard a meaningful part of it in the player,
 * once per listener session, sampled as the song's play count asks; `onCounted` gets the new count.
 */
export function usePlayCount(clip: Clip, onCounted: (playCount: number) => void): void {
  const { id, play_count: playCount } = clip;
  const duration = clip.metadata.duration;
  useEffect(() => {
    if (countedBefore(id)) return;
    const needed = meaningfulSeconds(duration);
    let heard = 0;
    let last = playheadStore.getState().seconds;
    let done = false;
    const unsubscribe = playheadStore.subscribe((state) => {
      if (done || state.clipId !== id) return;
      heard = heardAfter(heard, last, state.seconds);
      last = state.seconds;
      if (heard < needed) return;
      done = true;
      markCounted(id);
      unsubscribe();
      const sampleFactor = playCountSampleFactor(playCount);
      if (!reportsSampledPlay(sampleFactor, Math.random())) return;
      apiRequest(`/api/gen/${encodeURIComponent(id)}/increment_play_count/v2`, playCountResponseSchema, {
        body: { sample_factor: sampleFactor },
      })
        .then((answer) => onCounted(answer.play_count))
        .catch((error: unknown) => console.warn("Could not count the play", error));
    });
    return unsubscribe;
  }, [id, playCount, duration, onCounted]);
}

// Keeps the clips beside the form current while they are made: the realtime channel pushes each
// change; polling by id fills gaps (a lost socket, a missed event) and applies the stuck rules.

import { useEffect } from "react";
import { clipPollState, isPolled, STUCK_CLIP_MESSAGE } from "../../shared/create/clip-polling.ts";
import { clipsStore, markStuck, updateKnownClips } from "../shell/clips-store.ts";
import { followGenerations } from "../shell/realtime-socket.ts";
import { showToast } from "../shell/toast-store.ts";
import { pollClips } from "./workspace-clips.ts";

/** How often clips still being made are polled. */
export const CLIP_POLL_MS = 5000;

/** Clips the rules still poll, at `now`; the stuck ones have been dropped already. */
function clipsToPoll(now = Date.now()): string[] {
  const { order, byId } = clipsStore.getState();
  return order.filter((id) => {
    const tracked = byId[id];
    return (
      tracked !== undefined &&
      !tracked.stuck &&
      isPolled(clipPollState(tracked.clip.status, tracked.statusSince, now))
    );
  });
}

async function pollOnce(): Promise<void> {
  const ids = clipsToPoll();
  if (ids.length === 0) return;
  try {
    await pollClips(ids);
  } catch (error) {
    console.warn("Polling the songs being made failed; trying again", error);
  }
  applyStuckRules();
}

function applyStuckRules(now = Date.now()): void {
  const { order, byId } = clipsStore.getState();
  const stuck = order.filter((id) => {
    const tracked = byId[id];
    return (
      tracked !== undefined &&
      !tracked.stuck &&
      clipPollState(tracked.clip.status, tracked.statusSince, now) === "stuck"
    );
  });
  if (stuck.length === 0) return;
  markStuck(stuck);
  showToast({ kind: "info", ...STUCK_CLIP_MESSAGE, durationMs: null });
}

export function useGenerationUpdates(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    const stop = followGenerations(userId, {
      onClips: (clips) => updateKnownClips(clips),
      onSubscribed: () => void pollOnce(),
    });
    const timer = setInterval(() => void pollOnce(), CLIP_POLL_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [userId]);
}

/** Right after a generation starts: poll at once so nothing waits on the interval. */
export const pollNow = (): Promise<void> => pollOnce();

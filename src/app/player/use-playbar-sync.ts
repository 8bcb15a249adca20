import { useEffect } from "react";
import { feedV2ResponseSchema } from "../../shared/api/clips.ts";
import { playbarStateResponseSchema } from "../../shared/api/playbar-state.ts";
import { apiRequest } from "../account/api-request.ts";
import { loadSession, useAccount } from "../account/session-store.ts";
import {
  type Device,
  PLAYBAR_SAVE_DEBOUNCE_MS,
  PLAYBAR_TIME_DEBOUNCE_MS,
  playbarStateOf,
  restoredQueue,
  restoresPlaybar,
  restoreWindow,
} from "./playbar-sync-rules.ts";
import { currentClip } from "./player-queue.ts";
import { isPlayable, playerStore, playheadStore, restorePlayer } from "./player-store.ts";

const PATH = "/api/music_player/playbar_state";
const DEVICE_KEY = "tunesmith.player.device";

/** This browser's id for the saved state, kept across visits. */
function device(): Device {
  let id = localStorage.getItem(DEVICE_KEY);
  if (id === null) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return { id, type: "web" };
}

/** Set while the saved state is applied: bringing it back is not an action to save. */
let restoring = false;
/** The saved state comes back once per page load, at most. */
let restoreTried = false;

async function restore(): Promise<void> {
  const { state: saved } = await apiRequest(PATH, playbarStateResponseSchema);
  if (saved === null || saved.song_ids_in_queue.length === 0) return;
  const window = restoreWindow(saved);
  const { clips } = await apiRequest(
    `/api/feed/v2?ids=${window.ids.map(encodeURIComponent).join(",")}`,
    feedV2ResponseSchema,
  );
  const queue = restoredQueue(window, clips.filter(isPlayable));
  // Something played meanwhile: the listener's choice wins over the saved one.
  if (queue === null || currentClip(playerStore.getState()) !== undefined) return;
  const sameSong = queue.clips[queue.index]?.id === saved.song_ids_in_queue[saved.song_index];
  restoring = true;
  try {
    restorePlayer({
      clips: queue.clips,
      index: queue.index,
      context: saved.context_type === null ? null : { type: saved.context_type, id: saved.context_id },
      repeat: saved.repeat_state,
      volume: saved.volume,
      seconds: sameSong ? saved.song_play_time : 0,
    });
  } finally {
    restoring = false;
  }
}

/**
 * A signed-in listener's player is saved (500 ms after the last change, 1 s after the position last
 * moved) and, on a page load outside
 * the pages that play something of their own, brought back paused where it stood.
 */
export function usePlaybarSync(currentTime: () => number): void {
  const signedIn = useAccount((state) => state.session?.user != null);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (!signedIn || restoreTried) return;
    restoreTried = true;
    if (!restoresPlaybar(window.location.pathname) || currentClip(playerStore.getState()) !== undefined)
      return;
    restore().catch((error: unknown) => console.warn("Could not bring the player back", error));
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    let timer: number | undefined;
    let timeTimer: number | undefined;
    const save = () => {
      const state = playbarStateOf(playerStore.getState(), currentTime(), new Date(), device());
      if (state === null) return;
      apiRequest(PATH, playbarStateResponseSchema, { body: state }).catch((error: unknown) =>
        console.warn("Could not save the player", error),
      );
    };
    const unsubscribe = playerStore.subscribe(() => {
      if (restoring) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(save, PLAYBAR_SAVE_DEBOUNCE_MS);
    });
    const unsubscribeTime = playheadStore.subscribe(() => {
      if (restoring) return;
      window.clearTimeout(timeTimer);
      timeTimer = window.setTimeout(save, PLAYBAR_TIME_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      unsubscribeTime();
      window.clearTimeout(timer);
      window.clearTimeout(timeTimer);
    };
  }, [signedIn, currentTime]);
}

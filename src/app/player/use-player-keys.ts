import { useEffect } from "react";
import { playerKeyAction } from "./player-keys.ts";
import { currentClip, setVolume, toggleMute, togglePlaying } from "./player-queue.ts";
import { playerStore, updatePlayer } from "./player-store.ts";

/**
 * The player's keys on the whole page while it holds a song (space, arrows, M), except in text
 * fields. `seek` moves the song's position, when it can be moved.
 */
export function usePlayerKeys(seek: (bySeconds: number) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || currentClip(playerStore.getState()) === undefined) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = playerKeyAction(event, target);
      if (action === null) return;
      // Space would scroll the page, arrows too.
      event.preventDefault();
      switch (action.kind) {
        case "toggle":
          updatePlayer(togglePlaying);
          break;
        case "seek":
          seek(action.bySeconds);
          break;
        case "volume":
          updatePlayer((state) => setVolume(state, state.volume + action.by));
          break;
        case "mute":
          updatePlayer(toggleMute);
          break;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [seek]);
}

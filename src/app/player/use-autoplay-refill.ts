import { useEffect } from "react";
import { autoplayResponseSchema } from "../../shared/api/autoplay.ts";
import { apiRequest } from "../account/api-request.ts";
import { useAccount } from "../account/session-store.ts";
import { appendAutoplay, autoplayRequest, needsRefill } from "./autoplay-rules.ts";
import { currentClipId, isPlayable, type PlayerState, playerStore, updatePlayer } from "./player-store.ts";

/**
 * Autoplay (flag queue-auto-refresh): once 2 or fewer songs remain after the current one, the queue
 * asks the server for more and adds the new ones at its end. One call at a time, and one per queue
 * length and current song, so a server with nothing more to give is not asked again and again.
 */
export function useAutoplayRefill(): void {
  const enabled = useAccount((state) => state.session?.flags["queue-auto-refresh"] === true);

  useEffect(() => {
    if (!enabled) return;
    let asking = false;
    const asked = new Set<string>();
    const check = (state: PlayerState) => {
      // A song radio refills itself, from its own call.
      if (asking || state.context?.type === "radio" || !needsRefill(state)) return;
      const key = `${state.clips.length}:${currentClipId(state)}`;
      if (asked.has(key)) return;
      asked.add(key);
      asking = true;
      apiRequest("/api/clips/autoplay/", autoplayResponseSchema, { body: autoplayRequest(state) })
        .then(({ clips }) => updatePlayer((current) => appendAutoplay(current, clips.filter(isPlayable))))
        .catch((error: unknown) => console.warn("Autoplay found no more songs", error))
        .finally(() => {
          asking = false;
        });
    };
    check(playerStore.getState());
    return playerStore.subscribe(check);
  }, [enabled]);
}

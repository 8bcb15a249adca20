import { useEffect, useState } from "react";
import { type PlayerShows, playerShows } from "./playback-state.ts";

/** How often the bar re-reads the element while the listener wants to hear it. */
const READ_EVERY_MS = 200;

/**
 * What the bar shows for its <audio> element: read on the element's events and, while playing is
 * wanted, every 200 ms, as a stalled element does not always say so with an event.
 */
export function usePlaybackState(element: HTMLAudioElement | null, wanted: boolean): PlayerShows {
  const [shows, setShows] = useState<PlayerShows>("paused");

  useEffect(() => {
    if (element === null) return;
    let waiting = false;
    let lastPosition = element.currentTime;
    let movedAt = performance.now();
    const read = () => {
      const now = performance.now();
      if (element.currentTime !== lastPosition) {
        lastPosition = element.currentTime;
        movedAt = now;
      }
      setShows(
        playerShows({
          wanted,
          paused: element.paused,
          waiting,
          readyState: element.readyState,
          stillForMs: now - movedAt,
        }),
      );
    };
    const onWaiting = () => {
      waiting = true;
      read();
    };
    const onPlaying = () => {
      waiting = false;
      // Sound starts now: the stillness clock starts from here, not from before the wait.
      movedAt = performance.now();
      read();
    };
    const events = ["pause", "ended", "timeupdate", "emptied", "loadstart", "canplay"] as const;
    element.addEventListener("waiting", onWaiting);
    element.addEventListener("playing", onPlaying);
    for (const name of events) element.addEventListener(name, read);
    const timer = wanted ? window.setInterval(read, READ_EVERY_MS) : undefined;
    read();
    return () => {
      element.removeEventListener("waiting", onWaiting);
      element.removeEventListener("playing", onPlaying);
      for (const name of events) element.removeEventListener(name, read);
      window.clearInterval(timer);
    };
  }, [element, wanted]);

  return shows;
}

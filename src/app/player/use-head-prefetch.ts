import { type RefObject, useEffect } from "react";
import { songHeads } from "../../engine/player/song-heads.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { enginePlays, songAudio } from "./use-engine-playback.ts";

/** How near the screen a play button counts as on it: the next rows of a scrolling list load early. */
const NEAR_SCREEN = "200px";

/**
 * While this finished song's play button is on (or near) the screen, its file's head is fetched
 * ahead into the page's head cache, so a click starts it from memory; scrolled away, the wait or
 * the load is dropped (not for a song whose compressed copy is played). The cache decides how many load at once and whether the connection allows it.
 */
export function useHeadPrefetch(element: RefObject<HTMLElement | null>, clip: Clip): void {
  // A song played from its compressed copy is decoded whole: a head of its original would go unread.
  const url = enginePlays(clip) && songAudio(clip).compressedUrl === null ? clip.audio_url : null;
  useEffect(() => {
    const target = element.current;
    if (url === null || target === null || typeof IntersectionObserver === "undefined") return;
    let release: (() => void) | null = null;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) release ??= songHeads.want(url);
        else {
          release?.();
          release = null;
        }
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      release?.();
    };
  }, [element, url]);
}

import { useEffect } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { stepBack, stepForward, togglePlaying } from "./player-queue.ts";
import { updatePlayer } from "./player-store.ts";

export interface MediaSessionControls {
  /** Seconds into the song now, for step back's 3 s rule. */
  readonly currentTime: () => number;
  readonly seek: (seconds: number) => void;
  /** Seeking is offered only where the audio can seek (a finished song's file). */
  readonly canSeek: boolean;
}

const ACTIONS = ["play", "pause", "nexttrack", "previoustrack", "seekto"] as const;

/**
 * The operating system's media controls (lock screen, media keys, headset buttons): the playing song's
 * title, handle and cover, and play, pause, next, previous and seek wired to the player.
 */
export function useMediaSession(
  clip: Clip | undefined,
  playing: boolean,
  controls: MediaSessionControls,
): void {
  const { currentTime, seek, canSeek } = controls;
  const session = typeof navigator === "undefined" ? undefined : navigator.mediaSession;

  useEffect(() => {
    if (session === undefined || clip === undefined) return;
    session.metadata = new MediaMetadata({
      title: displayTitle(clip),
      artist: clip.display_name || clip.handle,
      artwork: clip.image_url === null ? [] : [{ src: clip.image_url }],
    });
  }, [session, clip]);

  useEffect(() => {
    if (session === undefined) return;
    session.playbackState = clip === undefined ? "none" : playing ? "playing" : "paused";
  }, [session, clip, playing]);

  useEffect(() => {
    if (session === undefined) return;
    const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler | null> = {
      play: () => updatePlayer((state) => (state.playing ? state : togglePlaying(state))),
      pause: () => updatePlayer((state) => (state.playing ? togglePlaying(state) : state)),
      nexttrack: () => updatePlayer(stepForward),
      previoustrack: () => updatePlayer((state) => stepBack(state, currentTime())),
      seekto: canSeek
        ? (details) => {
            if (details.seekTime !== undefined) seek(details.seekTime);
          }
        : null,
    };
    for (const action of ACTIONS) session.setActionHandler(action, handlers[action]);
    return () => {
      for (const action of ACTIONS) session.setActionHandler(action, null);
    };
  }, [session, currentTime, seek, canSeek]);
}

import { useEffect, useRef, useState } from "react";
import { useClips } from "./clips-store.ts";
import { isPlayable, playerStore, usePlayer } from "./player-store.ts";

const clock = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/**
 * The chosen clip in an <audio> element, with play/pause, position and volume. A streaming clip's
 * audio is a series of growing snapshots, each at its own address: playback moves to the newest one
 * at the same position, and waits at the end of one until the next arrives.
 */
export function PlayerBar() {
  const { clipId, playing, volume } = usePlayer((state) => state);
  const clip = useClips((state) => (clipId === null ? undefined : state.byId[clipId]?.clip));
  const audio = useRef<HTMLAudioElement>(null);
  const shownClip = useRef<string | null>(null);
  /** A source swap pauses the element: that pause is not the listener's. */
  const swapping = useRef(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const src = clip?.audio_url ?? null;
  const finished = clip?.status === "complete";

  useEffect(() => {
    const element = audio.current;
    if (element === null || src === null || element.getAttribute("src") === src) return;
    const sameClip = shownClip.current === clipId;
    const resumeAt = sameClip ? element.currentTime : 0;
    shownClip.current = clipId;
    swapping.current = true;
    element.src = src;
    element.volume = playerStore.getState().volume;
    const resume = () => {
      swapping.current = false;
      if (resumeAt > 0) element.currentTime = Math.min(resumeAt, element.duration || resumeAt);
      if (playerStore.getState().playing) {
        element.play().catch((error: unknown) => {
          console.warn("Playback did not start", error);
          playerStore.setState({ playing: false });
        });
      }
    };
    element.addEventListener("loadedmetadata", resume, { once: true });
    return () => element.removeEventListener("loadedmetadata", resume);
  }, [src, clipId]);

  useEffect(() => {
    const element = audio.current;
    if (element !== null) element.volume = volume;
  }, [volume]);

  useEffect(() => {
    const element = audio.current;
    if (element === null || swapping.current || element.getAttribute("src") === null) return;
    if (playing && element.paused && !element.ended) {
      element.play().catch((error: unknown) => {
        console.warn("Playback did not start", error);
        playerStore.setState({ playing: false });
      });
    } else if (!playing && !element.paused) element.pause();
  }, [playing]);

  if (clip === undefined) return null;
  return (
    <footer className="player-bar" data-testid="player-bar">
      <button
        type="button"
        className="clip-play"
        disabled={!isPlayable(clip)}
        aria-label={playing ? "Pause" : "Play"}
        onClick={() => playerStore.setState({ playing: !playing })}
      >
        {playing ? "❚❚" : "▶"}
      </button>
      <span className="player-title">{clip.title || "Untitled"}</span>
      <output className="player-time" data-testid="player-time">
        {clock(position)} / {clock(clip.metadata.duration || duration)}
      </output>
      <label className="player-volume">
        Volume
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={volume}
          onChange={(event) => playerStore.setState({ volume: Number(event.target.value) })}
        />
      </label>
      {/* biome-ignore lint/a11y/useMediaCaption: generated songs have no captions; lyrics show on the song page. */}
      <audio
        ref={audio}
        data-testid="player-audio"
        preload="auto"
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onDurationChange={(event) =>
          setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)
        }
        // The end of a snapshot is not the end of the song: the next snapshot resumes from here.
        onEnded={() => finished && playerStore.setState({ playing: false })}
        onPause={(event) => {
          if (!swapping.current && !event.currentTarget.ended) playerStore.setState({ playing: false });
        }}
        onPlay={() => playerStore.setState({ playing: true })}
      />
    </footer>
  );
}

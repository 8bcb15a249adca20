import { useCallback, useEffect, useRef, useState } from "react";
import { adoptsSource, isSongEnd } from "../player/playback-state.ts";
import { useClips } from "./clips-store.ts";
import "../player/player.css";
import { usePlaybackState } from "../player/use-playback-state.ts";
import { isPlayable, playerStore, usePlayer } from "./player-store.ts";

const clock = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/**
 * The chosen clip in an <audio> element, with play/pause, position and volume. A streaming clip's
 * address answers with its audio as one growing response, so the element plays on to the song's end
 * and keeps it; it moves to a newer address only when its audio was cut short (another server
 * renders the song and serves it as growing snapshots) or, paused, to the finished file. While the
 * element waits for data the bar says so instead of claiming to play.
 */
export function PlayerBar() {
  const { clipId, playing, volume, position } = usePlayer((state) => state);
  const clip = useClips((state) => (clipId === null ? undefined : state.byId[clipId]?.clip));
  const audio = useRef<HTMLAudioElement | null>(null);
  /** The element as state too, for the buffering sign: it mounts once a clip is chosen. */
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const attach = useCallback((node: HTMLAudioElement | null) => {
    audio.current = node;
    setElement(node);
  }, []);
  const shownClip = useRef<string | null>(null);
  /** A source swap pauses the element: that pause is not the listener's. */
  const swapping = useRef(false);
  /** Counts swaps: a swap's resume runs only if no later swap started. */
  const swaps = useRef(0);
  /** The element stopped before the song's end: the next address of the clip resumes it. */
  const [cut, setCut] = useState(false);
  const [duration, setDuration] = useState(0);
  const shows = usePlaybackState(element, playing);
  const src = clip?.audio_url ?? null;
  const complete = clip?.status === "complete";
  const songSeconds = clip?.metadata.duration ?? 0;

  useEffect(() => {
    const element = audio.current;
    if (element === null || src === null) return;
    const sameClip = shownClip.current === clipId;
    if (sameClip && cut && isSongEnd(element.currentTime, complete, songSeconds)) {
      setCut(false);
      playerStore.setState({ playing: false });
      return;
    }
    if (element.getAttribute("src") === src) return;
    if (!adoptsSource({ sameClip, cut, wanted: playing, complete })) return;
    // Back to the start after the song's end, so a replay needs no seek; a new clip starts where it was asked to.
    const resumeAt = sameClip
      ? isSongEnd(element.currentTime, complete, songSeconds)
        ? 0
        : element.currentTime
      : playerStore.getState().startAt;
    playerStore.setState({ startAt: 0 });
    shownClip.current = clipId;
    swapping.current = true;
    const swap = ++swaps.current;
    setCut(false);
    element.src = src;
    element.volume = playerStore.getState().volume;
    // Not removed when the effect's inputs change (a pause, the cut cleared): only a newer swap supersedes it.
    const play = () => {
      if (!playerStore.getState().playing) return;
      element.play().catch((error: unknown) => {
        // A newer swap aborts this one's play: not the listener's doing.
        if (swap !== swaps.current) return;
        console.warn("Playback did not start", error);
        playerStore.setState({ playing: false });
      });
    };
    // From the start, play at once: the element starts as soon as it has data, without waiting
    // for its metadata first (that round trip is part of the time to first sound).
    if (resumeAt === 0) play();
    const resume = () => {
      if (swap !== swaps.current) return;
      swapping.current = false;
      if (resumeAt > 0) {
        element.currentTime = Math.min(resumeAt, element.duration || resumeAt);
        play();
      }
    };
    element.addEventListener("loadedmetadata", resume, { once: true });
  }, [src, clipId, cut, complete, playing, songSeconds]);

  useEffect(() => {
    const element = audio.current;
    if (element !== null) element.volume = volume;
  }, [volume]);

  useEffect(() => {
    const element = audio.current;
    if (element === null || swapping.current || cut || element.getAttribute("src") === null) return;
    if (playing && element.paused) {
      element.play().catch((error: unknown) => {
        console.warn("Playback did not start", error);
        playerStore.setState({ playing: false });
      });
    } else if (!playing && !element.paused) element.pause();
  }, [playing, cut]);

  if (clip === undefined) return null;
  return (
    <footer className="player-bar" data-testid="player-bar" data-state={shows}>
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
      {shows === "buffering" && (
        <output className="player-buffering" data-testid="player-buffering">
          <span className="player-spinner" aria-hidden="true" />
          Buffering…
        </output>
      )}
      <output className="player-time" data-testid="player-time">
        {/* A streaming song's length is not known until it is complete: only the position shows. */}
        {complete ? `${clock(position)} / ${clock(songSeconds || duration)}` : clock(position)}
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
        ref={attach}
        data-testid="player-audio"
        preload="auto"
        onTimeUpdate={(event) => playerStore.setState({ position: event.currentTarget.currentTime })}
        onDurationChange={(event) =>
          setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)
        }
        // The end of the audio so far is not the end of the song: the clip's next address resumes from here.
        onEnded={(event) => {
          if (isSongEnd(event.currentTarget.currentTime, complete, songSeconds))
            playerStore.setState({ playing: false });
          else setCut(true);
        }}
        onError={() => setCut(true)}
        onPause={(event) => {
          if (!swapping.current && !event.currentTarget.ended) playerStore.setState({ playing: false });
        }}
        onPlay={() => playerStore.setState({ playing: true })}
      />
    </footer>
  );
}

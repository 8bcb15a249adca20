import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { Link } from "../router/Link.tsx";
import { useClips } from "../shell/clips-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { adoptsSource, isSongEnd } from "./playback-state.ts";
import "./player.css";
import { PlayerControls } from "./PlayerControls.tsx";
import { QueueIcon } from "./PlayerIcons.tsx";
import { audibleVolume, currentClip, previewOver, songEnded, stepForward } from "./player-queue.ts";
import {
  isPlayable,
  playerStore,
  publishPosition,
  seekRequests,
  takePendingSeek,
  updatePlayer,
  usePlayer,
} from "./player-store.ts";
import { QueuePanel } from "./QueuePanel.tsx";
import { useAutoplayRefill } from "./use-autoplay-refill.ts";
import { useEnginePlayback } from "./use-engine-playback.ts";
import { useMediaSession } from "./use-media-session.ts";
import { usePlayReports } from "./use-play-reports.ts";
import { usePlaybackState } from "./use-playback-state.ts";
import { usePlaybarSync } from "./use-playbar-sync.ts";
import { usePlayerKeys } from "./use-player-keys.ts";

/**
 * The global player: the queue's current song in an <audio> element, with its cover, title and
 * handle, and the controls. Mounted once in the app shell, so playback goes on across pages. A streaming clip's
 * address answers with its audio as one growing response, so the element plays on to the song's end
 * and keeps it; it moves to a newer address only when its audio was cut short (another server
 * renders the song and serves it as growing snapshots) or, paused, to the finished file. While the
 * element waits for data the bar says so instead of claiming to play.
 */
/** How long the note of a song that could not play stays. */
const FAILED_TOAST_MS = 5000;

export function PlayerBar() {
  const { t } = useTranslation();
  const queued = usePlayer(currentClip);
  const playing = usePlayer((state) => state.playing);
  const volume = usePlayer(audibleVolume);
  const starts = usePlayer((state) => state.starts);
  const clipId = queued?.id ?? null;
  // The create page follows its songs as they render: its newer copy (a streaming song's next
  // address, its finished file) wins over the one the queue was made with.
  const tracked = useClips((state) => (clipId === null ? undefined : state.byId[clipId]?.clip));
  const clip = tracked ?? queued;
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
  const [position, setPosition] = useState(0);
  const [queueOpen, setQueueOpen] = useState(false);
  const [duration, setDuration] = useState(0);
  const engine = useEnginePlayback(clip);
  usePlayReports();
  const elementShows = usePlaybackState(element, playing && !engine.active);
  const shows = engine.active
    ? !playing
      ? "paused"
      : engine.loading
        ? "buffering"
        : "playing"
    : elementShows;
  // The engine plays finished songs; the element only what the engine does not (see use-engine-playback.ts).
  const src = engine.claims ? null : (clip?.audio_url ?? null);
  const complete = clip?.status === "complete";
  const songSeconds = clip?.metadata.duration ?? 0;

  useEffect(() => {
    const element = audio.current;
    if (element === null || src === null) return;
    const sameClip = shownClip.current === clipId;
    if (sameClip && cut && isSongEnd(element.currentTime, complete, songSeconds)) {
      // The audio so far reached the song's end: the song ended, and the queue moves on.
      setCut(false);
      updatePlayer(songEnded);
      return;
    }
    if (element.getAttribute("src") === src) return;
    if (!adoptsSource({ sameClip, cut, wanted: playing, complete })) return;
    // Back to the start after the song's end, so a replay needs no seek.
    // A restored player resumes where it was saved.
    const resumeAt =
      sameClip && !isSongEnd(element.currentTime, complete, songSeconds)
        ? element.currentTime
        : takePendingSeek(clipId);
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

  // The engine took the song: the element lets its source go, silently (not the listener's pause).
  useEffect(() => {
    const element = audio.current;
    if (!engine.active || element === null || element.getAttribute("src") === null) return;
    swapping.current = true;
    swaps.current++;
    shownClip.current = null;
    element.removeAttribute("src");
    element.load();
    swapping.current = false;
  }, [engine.active]);

  // A restart of the song the element holds (repeat one, step back past 3 s): from the top.
  const shownStarts = useRef(starts);
  useEffect(() => {
    const element = audio.current;
    if (shownStarts.current === starts) return;
    shownStarts.current = starts;
    if (element === null || swapping.current || shownClip.current !== clipId) return;
    element.currentTime = 0;
    if (playerStore.getState().playing && element.paused) element.play().catch(() => undefined);
  }, [starts, clipId]);

  // Leaving for a page with its own transport unmounts the bar and its element: playing stops.
  useEffect(() => () => playerStore.setState({ playing: false }), []);

  const seekElement = useCallback(
    (to: number) => {
      const element = audio.current;
      if (element === null || !complete) return;
      element.currentTime = Math.min(Math.max(0, to), songSeconds || element.duration || 0);
      setPosition(element.currentTime);
    },
    [complete, songSeconds],
  );
  const engineSeek = engine.seek;
  const seek = engine.active ? engineSeek : seekElement;
  const elementTime = useCallback(() => audio.current?.currentTime ?? 0, []);
  const currentTime = engine.active ? engine.currentTime : elementTime;
  const seekBy = useCallback((by: number) => seek(currentTime() + by), [seek, currentTime]);
  useEffect(
    () =>
      seekRequests.subscribe((request) => {
        if (request.clipId === clipId) seek(request.seconds);
      }),
    [clipId, seek],
  );
  usePlayerKeys(seekBy);
  usePlaybarSync(currentTime);
  useAutoplayRefill();
  useMediaSession(clip, playing, { currentTime, seek, canSeek: complete });

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
  const title = displayTitle(clip);
  return (
    <footer
      className="player-bar"
      data-testid="player-bar"
      data-state={shows}
      data-playback={engine.active ? "engine" : "element"}
    >
      <SongCover clip={clip} size={44} />
      <div className="player-song">
        <Link className="player-title" href={`/song/${clip.id}`} data-testid="player-title">
          {title}
        </Link>
        <Link className="player-handle" href={`/@${clip.handle}`}>
          @{clip.handle}
        </Link>
      </div>
      <PlayerControls
        playable={isPlayable(clip)}
        position={engine.active ? engine.position : position}
        length={songSeconds || duration}
        complete={complete}
        onSeek={seek}
        currentTime={currentTime}
      />
      <button
        type="button"
        className={`player-button${queueOpen ? " player-on" : ""}`}
        aria-label={t("player.queue")}
        aria-expanded={queueOpen}
        onClick={() => setQueueOpen((open) => !open)}
      >
        <QueueIcon />
      </button>
      {queueOpen && <QueuePanel onClose={() => setQueueOpen(false)} />}
      {shows === "buffering" && (
        <output className="player-buffering" data-testid="player-buffering">
          <span className="player-spinner" aria-hidden="true" />
          {t("player.buffering")}
        </output>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: generated songs have no captions; lyrics show on the song page. */}
      <audio
        ref={attach}
        data-testid="player-audio"
        preload="auto"
        onTimeUpdate={(event) => {
          setPosition(event.currentTarget.currentTime);
          publishPosition(clipId, event.currentTarget.currentTime);
          // A preview clip stops at its preview length and the queue moves on.
          if (playerStore.getState().playing && previewOver(clip, event.currentTarget.currentTime))
            updatePlayer(stepForward);
        }}
        onDurationChange={(event) =>
          setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0)
        }
        // The end of the audio so far is not the end of the song: the clip's next address resumes from here.
        onEnded={(event) => {
          if (isSongEnd(event.currentTarget.currentTime, complete, songSeconds)) updatePlayer(songEnded);
          else setCut(true);
        }}
        onError={(event) => {
          // A finished song whose file does not open or decode here (nor in the engine, which
          // tried it first where it runs) never will: say so and go on, rather than wait in silence.
          const code = event.currentTarget.error?.code;
          const unplayable =
            code === MediaError.MEDIA_ERR_DECODE || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED;
          if (!complete || !unplayable) return setCut(true);
          showToast({ kind: "error", title: t("player.songFailed", { title }), durationMs: FAILED_TOAST_MS });
          updatePlayer(stepForward);
        }}
        onPause={(event) => {
          if (!swapping.current && !event.currentTarget.ended) playerStore.setState({ playing: false });
        }}
        onPlay={() => playerStore.setState({ playing: true })}
      />
    </footer>
  );
}

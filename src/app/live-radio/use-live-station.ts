import { useCallback, useEffect, useRef, useState } from "react";
import { LIVE_STATION_ID, type LiveRadioItem, liveRadioSongListSchema } from "../../shared/api/radio.ts";
import {
  CLOCK_SAMPLES_KEPT,
  type ClockSample,
  catchUpRate,
  clockOffsetMs,
  type Heard,
  nextOnEnd,
  radioStep,
  refetchDelayMs,
  type StationSlot,
  trimToCurrent,
} from "../../shared/player/live-radio-sync.ts";
import { apiRequest } from "../account/api-request.ts";
import { updatePlayer } from "../player/player-store.ts";

/** How often the page checks it is still in step with the station. */
const CHECK_EVERY_MS = 250;
/** Readings of the server's clock taken at the start (the first list and quick follow-ups) ... */
const CLOCK_READINGS = 5;
/** ... this far apart, so one busy moment of the server does not spoil them all. */
const CLOCK_READING_GAP_MS = 100;
/** Living radio plays at full volume (100). */
const LIVE_VOLUME = 1;

export interface StationItem extends StationSlot {
  readonly item: LiveRadioItem;
}

export interface LiveStation {
  readonly state: "loading" | "failed" | "ready";
  /** From the song on air now. */
  readonly items: readonly StationItem[];
  /** The song this page plays, if it plays. */
  readonly playing: StationItem | null;
  readonly listening: boolean;
  readonly listen: () => void;
  readonly stop: () => void;
}

const slotsOf = (items: readonly LiveRadioItem[]): StationItem[] =>
  items.map((item) => ({
    songId: item.song_id,
    startMs: Date.parse(item.start_time),
    seconds: item.duration,
    item,
  }));

/**
 * The live station in this page's <audio>: the list from the server (its clock set against ours
 * by the quickest of several readings),
 * the song on air from its offset, the next on end, back in step when it drifts, asked for again
 * 15 s before its last song ends.
 */
export function useLiveStation(audio: React.RefObject<HTMLAudioElement | null>): LiveStation {
  const [state, setState] = useState<LiveStation["state"]>("loading");
  const [items, setItems] = useState<StationItem[]>([]);
  const [playing, setPlaying] = useState<StationItem | null>(null);
  const [listening, setListening] = useState(false);
  /** Server clock minus ours, ms, from the quickest of the kept readings. */
  const skew = useRef(0);
  const clockSamples = useRef<ClockSample[]>([]);
  const slots = useRef<StationItem[]>([]);
  const current = useRef<StationItem | null>(null);
  const [fetches, setFetches] = useState(0);

  const now = () => Date.now() + skew.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each count is one more fetch; skew is a ref.
  useEffect(() => {
    const abort = new AbortController();
    const asked = Date.now();
    apiRequest(`/api/living_radio/${LIVE_STATION_ID}/song-list`, liveRadioSongListSchema, {
      signal: abort.signal,
    })
      .then((list) => {
        const sample = { sentMs: asked, receivedMs: Date.now(), serverMs: Date.parse(list.server_time) };
        clockSamples.current = [...clockSamples.current, sample].slice(-CLOCK_SAMPLES_KEPT);
        skew.current = clockOffsetMs(clockSamples.current);
        slots.current = trimToCurrent(slotsOf(list.items), now()) as StationItem[];
        setItems(slots.current);
        setState("ready");
        // The first lists come quickly one after another: each is one more reading of the clock.
        const delay =
          clockSamples.current.length < CLOCK_READINGS
            ? CLOCK_READING_GAP_MS
            : refetchDelayMs(slots.current, now());
        const timer = window.setTimeout(() => setFetches((count) => count + 1), delay);
        abort.signal.addEventListener("abort", () => window.clearTimeout(timer));
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        setState((before) => (before === "ready" ? before : "failed"));
        const timer = window.setTimeout(() => setFetches((count) => count + 1), 1000);
        abort.signal.addEventListener("abort", () => window.clearTimeout(timer));
      });
    return () => abort.abort();
  }, [fetches]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: now() reads the skew ref.
  const start = useCallback(
    (slot: StationItem) => {
      const element = audio.current;
      if (element === null) return;
      current.current = slot;
      setPlaying(slot);
      element.volume = LIVE_VOLUME;
      element.src = slot.item.song_url;
      // The offset is taken again once the audio can seek: the load's time is not lost.
      element.addEventListener(
        "loadedmetadata",
        () => {
          element.currentTime = Math.max(0, (now() - slot.startMs) / 1000);
          element.play().catch((error: unknown) => console.warn("Live radio did not start", error));
        },
        { once: true },
      );
    },
    [audio],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: now() reads the skew ref.
  useEffect(() => {
    const element = audio.current;
    if (!listening || element === null) return;
    const check = () => {
      const playingSlot = current.current;
      // The first song waits for the clock's readings: started on a rough clock, a page would be
      // off by the clock's later correction and close it only slowly (catchUpRate).
      if (playingSlot === null && clockSamples.current.length < CLOCK_READINGS) return;
      // A song still loading is left to load: its offset is set once it can seek.
      if (playingSlot !== null && element.readyState < HTMLMediaElement.HAVE_METADATA) return;
      const heard: Heard | null =
        playingSlot === null ? null : { startMs: playingSlot.startMs, seconds: element.currentTime };
      const step = radioStep(slots.current, now(), heard);
      if (step.kind === "start") start(step.slot as StationItem);
      else if (step.kind === "seek") element.currentTime = step.offset;
      else if (step.kind === "silence" && !element.paused) element.pause();
      else if (step.kind === "keep" && playingSlot !== null && !element.paused)
        // The start's own delay (the seek, the play) and a device's slow clock close by speed.
        element.playbackRate = catchUpRate(element.currentTime, (now() - playingSlot.startMs) / 1000);
    };
    const onEnded = () => {
      const ended = current.current;
      const next = ended === null ? null : nextOnEnd(slots.current, now(), ended.startMs);
      if (next !== null) start(next.slot as StationItem);
    };
    element.addEventListener("ended", onEnded);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    check();
    return () => {
      element.removeEventListener("ended", onEnded);
      window.clearInterval(timer);
    };
  }, [listening, audio, start]);

  const listen = useCallback(() => {
    // One thing plays at a time: the player bar pauses while the station is on.
    updatePlayer((player) => ({ ...player, playing: false }));
    setListening(true);
  }, []);
  const stop = useCallback(() => {
    setListening(false);
    current.current = null;
    setPlaying(null);
    audio.current?.pause();
  }, [audio]);

  return { state, items, playing, listening, listen, stop };
}

import { useCallback, useEffect, useRef, useState } from "react";
import type { EngineSong, QueuePlayer } from "../../engine/player/queue-player.ts";
import type { SongAudio } from "../../engine/player/song-sources.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { accountStore } from "../account/session-store.ts";
import { useCrossfade } from "./crossfade-setting.ts";
import { currentClip, songEnded, stepForward } from "./player-queue.ts";
import {
  type PlayerState,
  playerStore,
  publishPosition,
  takePendingSeek,
  updatePlayer,
  usePlayer,
} from "./player-store.ts";

/** The page's one engine player, made on first need; null once it could not start here. */
let engine: Promise<QueuePlayer | null> | undefined;

function enginePlayer(): Promise<QueuePlayer | null> {
  engine ??= import("../../engine/player/queue-player.ts")
    .then(({ QueuePlayer }) => QueuePlayer.create())
    .catch((error: unknown) => {
      console.warn("The audio engine did not start; songs play through the browser's player", error);
      return null;
    });
  return engine;
}

/**
 * Gets the engine ready before the first Play (its code, the wasm and the worklet load once per
 * page), and on a press of a finished song's button starts loading that song's file, so the click
 * that follows finds it under way. Made ahead, the engine sleeps until a song wants sound.
 */
export function prepareEngine(clip?: Clip): void {
  const made = engine !== undefined;
  void enginePlayer().then((player) => {
    if (player === null) return;
    if (clip !== undefined && enginePlays(clip)) player.prepare(songAudio(clip));
    else if (!made) player.rest();
  });
}

/** Whether the engine plays this clip: a finished song with its file (a growing response needs <audio>). */
export const enginePlays = (clip: Clip | undefined): clip is Clip =>
  clip !== undefined && clip.status === "complete" && clip.audio_url !== null;

/**
 * A finished song's addresses: with the flag enable-m4a-audio its compressed copy is tried first,
 * then its original file (the copy is made on its first request, so a new song starts from the original).
 */
export const songAudio = (clip: Clip): SongAudio => ({
  url: clip.audio_url as string,
  compressedUrl:
    accountStore.getState().session?.flags["enable-m4a-audio"] === true ? clip.audio_url_m4a : null,
});

const engineSong = (clip: Clip): EngineSong => ({
  id: clip.id,
  ...songAudio(clip),
  maxSeconds: clip.preview_seconds !== null && clip.preview_seconds > 0 ? clip.preview_seconds : null,
});

/** What the queue's rules do at the current song's end: a preview steps on, a song ends. */
const atEnd = (state: PlayerState): PlayerState => {
  const clip = currentClip(state);
  return clip !== undefined && clip.preview_seconds !== null && clip.preview_seconds > 0
    ? stepForward(state)
    : songEnded(state);
};

/** The song that follows the current one when it ends, if it goes on playing. */
const followingClip = (state: PlayerState): Clip | undefined => {
  if (currentClip(state) === undefined) return undefined;
  const after = atEnd(state);
  return after.playing ? currentClip(after) : undefined;
};

export interface EnginePlayback {
  /** The engine plays the current song (else the <audio> element does). */
  readonly active: boolean;
  /** The engine is starting for the current song: the element leaves it (and its restored place) alone. */
  readonly claims: boolean;
  /** Its audio is still loading. */
  readonly loading: boolean;
  readonly position: number;
  readonly seek: (seconds: number) => void;
  readonly currentTime: () => number;
}

/**
 * Plays the queue's finished songs through the audio engine: the current song, and the next one
 * joined to it gaplessly or crossfaded (the crossfade setting), both decoded ahead. The engine's
 * join moves the queue on: the bar only notes it, on animation frames. A song the engine cannot
 * play (no isolation, no AudioWorklet, a file that does not decode) goes to the <audio> element.
 */
export function useEnginePlayback(clip: Clip | undefined): EnginePlayback {
  const playing = usePlayer((state) => state.playing);
  const starts = usePlayer((state) => state.starts);
  const volume = usePlayer((state) => (state.muted ? 0 : state.volume));
  const following = usePlayer(followingClip);
  const crossfade = useCrossfade();
  const [player, setPlayer] = useState<QueuePlayer | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const [position, setPosition] = useState(0);
  // Decided when the song starts: a streaming song that finishes while the element plays it stays
  // there to its end (a handover would restart it).
  const decided = useRef({ clipId: null as string | null, starts: -1, engine: false });
  if (decided.current.clipId !== (clip?.id ?? null) || decided.current.starts !== starts)
    decided.current = { clipId: clip?.id ?? null, starts, engine: enginePlays(clip) };
  const wanted = decided.current.engine && clip !== undefined && !failed.has(clip.id);
  const active = wanted && player !== null;
  const clipId = clip?.id ?? null;
  /** The clip and start count the engine's own join moved the queue to: no new start for them. */
  const joined = useRef<{ clipId: string | null; starts: number } | null>(null);
  /** The end of the last placed song was handled: once per begin(). */
  const endHandled = useRef(false);
  const latestClip = useRef(clip);
  latestClip.current = clip;

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void enginePlayer().then((made) => {
      if (!current) return;
      if (made === null) setFailed((before) => new Set([...before, clipId as string]));
      else setPlayer(made);
    });
    return () => {
      current = false;
    };
  }, [wanted, clipId]);

  // A new current song, or the same one from its start again: the engine begins it, unless its
  // own join brought it there.
  useEffect(() => {
    // The clip object changes with every update of the create page's copy: its id and start decide.
    const song = latestClip.current;
    if (!active || player === null || song === undefined || song.id !== clipId) return;
    const join = joined.current;
    joined.current = null;
    if (join !== null && join.clipId === clipId && join.starts === starts) return;
    setLoading(true);
    endHandled.current = false;
    const from = takePendingSeek(clipId);
    player.begin(engineSong(song), from).then(
      () => setLoading(false),
      (error: unknown) => {
        console.warn("The engine could not play this song; the browser's player takes it", error);
        setLoading(false);
        setFailed((before) => new Set([...before, song.id]));
      },
    );
  }, [active, player, clipId, starts]);

  useEffect(() => {
    if (!active || player === null) return;
    if (playing) {
      // Play after the queue's end (repeat off): the engine starts the song over, and its end counts again.
      if (player.finished) endHandled.current = false;
      void player.play();
    } else player.pause();
  }, [active, player, playing]);

  useEffect(() => {
    player?.setVolume(active ? volume : 0);
  }, [player, active, volume]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: laid again at each start too, as after a join the same song may follow once more (repeat one)
  useEffect(() => {
    if (!active || player === null) return;
    const next = enginePlays(following) && !failed.has(following.id) ? engineSong(following) : null;
    player.follow(next, crossfade).catch((error: unknown) => {
      console.warn("The next song did not load ahead; it starts when its turn comes", error);
    });
  }, [active, player, following, crossfade, failed, starts]);

  // The engine's clock, on animation frames: the position, its joins, and the end of the queue.
  useEffect(() => {
    if (!active || player === null) return;
    let frame = requestAnimationFrame(function tick() {
      if (player.advance()) {
        updatePlayer(atEnd);
        const after = playerStore.getState();
        const now = currentClip(after);
        if (now !== undefined && now.id === player.read().songId)
          joined.current = { clipId: now.id, starts: after.starts };
      }
      const reading = player.read();
      if (reading.songId === clipId) {
        setPosition(reading.seconds);
        publishPosition(clipId, reading.seconds);
      }
      if (reading.ended && !endHandled.current && playerStore.getState().playing) {
        endHandled.current = true;
        // The engine stops only when the queue does: a song that plays on (repeat one, or a next
        // song not laid ahead) is begun with the listener's wish to play still standing.
        if (!atEnd(playerStore.getState()).playing) player.pause();
        updatePlayer(atEnd);
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [active, player, clipId]);

  // Handing the song to the element (a streaming song, a failure): the engine falls silent.
  useEffect(() => {
    if (!active) player?.pause();
  }, [active, player]);

  const seek = useCallback(
    (seconds: number) => {
      player?.seek(seconds);
      setPosition(seconds);
    },
    [player],
  );
  const currentTime = useCallback(() => player?.read().seconds ?? 0, [player]);
  return { active, claims: wanted, loading, position, seek, currentTime };
}

import { useTranslation } from "react-i18next";
import { NextIcon, PreviousIcon, RepeatIcon, ShuffleIcon, VolumeIcon } from "./PlayerIcons.tsx";
import type { RepeatMode } from "./player-queue.ts";
import {
  cycleRepeat,
  setVolume,
  stepBack,
  stepForward,
  toggleMute,
  togglePlaying,
  toggleShuffle,
} from "./player-queue.ts";
import { updatePlayer, usePlayer } from "./player-store.ts";

const clock = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

const REPEAT_KEYS: Readonly<Record<RepeatMode, string>> = {
  off: "player.repeatOff",
  all: "player.repeatAll",
  one: "player.repeatOne",
};

export interface PlayerControlsProps {
  readonly playable: boolean;
  readonly position: number;
  /** The song's length; 0 while it is not known. */
  readonly length: number;
  /** A finished song can seek; a streaming one's growing response cannot. */
  readonly complete: boolean;
  readonly onSeek: (to: number) => void;
  /** The element's position now, for step back's 3 s rule. */
  readonly currentTime: () => number;
}

/** Previous, play/pause, next, the position with its seek bar, repeat, shuffle, mute and volume. */
export function PlayerControls({
  playable,
  position,
  length,
  complete,
  onSeek,
  currentTime,
}: PlayerControlsProps) {
  const { t } = useTranslation();
  const playing = usePlayer((state) => state.playing);
  const repeat = usePlayer((state) => state.repeat);
  const shuffle = usePlayer((state) => state.shuffle);
  const muted = usePlayer((state) => state.muted);
  const volume = usePlayer((state) => state.volume);
  return (
    <div className="player-controls">
      <button
        type="button"
        className="player-button"
        aria-label={t("player.previous")}
        onClick={() => updatePlayer((state) => stepBack(state, currentTime()))}
      >
        <PreviousIcon />
      </button>
      <button
        type="button"
        className="clip-play player-play"
        disabled={!playable}
        aria-label={playing ? t("player.pause") : t("player.play")}
        onClick={() => updatePlayer(togglePlaying)}
      >
        {playing ? "❚❚" : "▶"}
      </button>
      <button
        type="button"
        className="player-button"
        aria-label={t("player.next")}
        onClick={() => updatePlayer(stepForward)}
      >
        <NextIcon />
      </button>
      <output className="player-time" data-testid="player-time">
        {/* A streaming song's length is not known until it is complete: only the position shows. */}
        {complete ? `${clock(position)} / ${clock(length)}` : clock(position)}
      </output>
      <input
        type="range"
        className="player-seek"
        aria-label={t("player.seek")}
        min={0}
        max={Math.max(length, 0.01)}
        step={0.1}
        value={Math.min(position, length)}
        disabled={!complete}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <button
        type="button"
        className={`player-button${repeat === "off" ? "" : " player-on"}`}
        aria-label={t(REPEAT_KEYS[repeat])}
        title={t(REPEAT_KEYS[repeat])}
        onClick={() => updatePlayer(cycleRepeat)}
      >
        <RepeatIcon one={repeat === "one"} />
      </button>
      <button
        type="button"
        className={`player-button${shuffle ? " player-on" : ""}`}
        aria-label={t("player.shuffle")}
        aria-pressed={shuffle}
        onClick={() => updatePlayer((state) => toggleShuffle(state))}
      >
        <ShuffleIcon />
      </button>
      <button
        type="button"
        className="player-button"
        aria-label={muted ? t("player.unmute") : t("player.mute")}
        aria-pressed={muted}
        onClick={() => updatePlayer(toggleMute)}
      >
        <VolumeIcon muted={muted || volume === 0} />
      </button>
      <input
        type="range"
        className="player-volume"
        aria-label={t("player.volume")}
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        onChange={(event) => updatePlayer((state) => setVolume(state, Number(event.target.value)))}
      />
    </div>
  );
}

// One stem-editor track's header, level with its lane: name, stem type, solo (exclusive unless the
// multi-select modifier is held: Shift, Ctrl or Cmd), mute, level and balance, and for stems the
// moves, duplicate and delete. The full song's header has no moves, no duplicate and no delete.

import { useTranslation } from "react-i18next";
import type { StemTrack } from "../../studio/edit/stem-tracks.ts";

export interface StemTrackActions {
  readonly focus: (trackId: string) => void;
  readonly solo: (trackId: string, multi: boolean) => void;
  readonly mute: (trackId: string) => void;
  readonly amplitude: (trackId: string, value: number) => void;
  readonly balance: (trackId: string, value: number) => void;
  readonly move: (trackId: string, by: number) => void;
  readonly duplicate: (trackId: string) => void;
  readonly remove: (trackId: string) => void;
}

interface StemTrackHeaderProps {
  readonly track: StemTrack;
  readonly index: number;
  readonly top: number;
  readonly focused: boolean;
  readonly actions: StemTrackActions;
}

export function StemTrackHeader({ track, index, top, focused, actions }: StemTrackHeaderProps) {
  const { t } = useTranslation("edit");
  const { id } = track;
  const compact = track.height < 80;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a track row holds controls; a button cannot.
    <div
      className={`track-header stem-header${focused ? " selected" : ""}${compact ? " compact" : ""}`}
      style={{ top, height: track.height }}
      role="group"
      aria-label={t("stems.track", { name: track.name })}
      data-testid="stem-track"
      data-track-id={id}
      data-solo={track.solo}
      onPointerDown={() => actions.focus(id)}
    >
      <div className="stem-header-row">
        <strong className="stem-name">{track.name}</strong>
        <span className="stem-type">
          {track.fullSong ? t("stems.fullSong") : (track.stemType?.replace("_", " ") ?? t("stems.stem"))}
        </span>
        <button
          type="button"
          className={`stem-toggle${track.solo ? " on" : ""}`}
          aria-pressed={track.solo}
          aria-label={t("stems.solo", { name: track.name })}
          title={t("stems.soloHelp")}
          onClick={(event) => actions.solo(id, event.shiftKey || event.ctrlKey || event.metaKey)}
        >
          {t("stems.soloMark")}
        </button>
        <button
          type="button"
          className={`stem-toggle${track.mute ? " on" : ""}`}
          aria-pressed={track.mute}
          aria-label={t("stems.mute", { name: track.name })}
          onClick={() => actions.mute(id)}
        >
          {t("stems.muteMark")}
        </button>
      </div>
      {!compact && (
        <div className="stem-header-row">
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={track.amplitude}
            aria-label={t("stems.level", { name: track.name })}
            onChange={(event) => actions.amplitude(id, Number(event.target.value))}
          />
          <input
            type="range"
            min={-1}
            max={1}
            step={0.01}
            value={track.balance}
            aria-label={t("stems.balance", { name: track.name })}
            onChange={(event) => actions.balance(id, Number(event.target.value))}
          />
          {!track.fullSong && (
            <>
              <button
                type="button"
                className="ghost"
                aria-label={t("stems.moveUp", { name: track.name })}
                disabled={index <= 1}
                onClick={() => actions.move(id, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="ghost"
                aria-label={t("stems.moveDown", { name: track.name })}
                onClick={() => actions.move(id, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="ghost"
                aria-label={t("stems.duplicate", { name: track.name })}
                onClick={() => actions.duplicate(id)}
              >
                {t("stems.copy")}
              </button>
              <button
                type="button"
                className="ghost"
                aria-label={t("stems.delete", { name: track.name })}
                onClick={() => actions.remove(id)}
              >
                ✕
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

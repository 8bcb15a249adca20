import { memo, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_AMPLITUDE, TRACK_HEIGHT_DEFAULT, type Track } from "../../../shared/project/index.ts";
import { MiniSlider } from "../../../ui/MiniSlider.tsx";
import {
  selectTrack,
  setTrackAmplitude,
  setTrackArm,
  setTrackBalance,
  setTrackColor,
  setTrackHeight,
  setTrackIcon,
  setTrackMute,
  setTrackName,
  setTrackSolo,
} from "../../editing/index.ts";
import { setSoloTakeLane, toggleTakeLanesExpanded } from "../../editing/take-lanes.ts";
import type { StudioController } from "../../store/studio-controller.ts";
import { ColorPicker } from "../controls/ColorPicker.tsx";
import { Fader } from "../controls/Fader.tsx";
import { IconPicker } from "../controls/IconPicker.tsx";
import { Popover } from "../controls/Popover.tsx";
import { Tooltip } from "../controls/Tooltip.tsx";

interface TrackHeaderProps {
  readonly track: Track;
  /** Where the header sits in the list (the list renders only the headers in view). */
  readonly top: number;
  readonly selected: boolean;
  readonly controller: StudioController;
  readonly onOpenEq: (trackId: string) => void;
}

const formatBalance = (balance: number): string =>
  Math.abs(balance) < 0.005 ? "C" : `${Math.round(Math.abs(balance) * 100)}${balance < 0 ? "L" : "R"}`;

function NameField({ track, controller }: { track: Track; controller: StudioController }) {
  const { t } = useTranslation("studio");
  const [text, setText] = useState(track.name);
  useEffect(() => setText(track.name), [track.name]);
  const commit = () => {
    if (text !== track.name) controller.edit((project) => setTrackName(project, track.id, text));
  };
  return (
    <input
      className="track-name"
      aria-label={t("tracks.name")}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") event.currentTarget.blur();
        if (event.key === "Escape") {
          setText(track.name);
          event.currentTarget.blur();
        }
      }}
    />
  );
}

function ColorButton({ track, controller }: { track: Track; controller: StudioController }) {
  const { t } = useTranslation("studio");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="color-button">
      <button
        ref={button}
        type="button"
        className="color-dot"
        style={{ background: track.color }}
        aria-label={t("tracks.colourOf", { track: track.name })}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <Popover anchor={button} onClose={() => setOpen(false)} className="color-popover">
          <ColorPicker
            label={t("tracks.colour")}
            value={track.color}
            onChange={(color) => {
              if (color !== null) controller.edit((project) => setTrackColor(project, track.id, color));
              setOpen(false);
            }}
          />
        </Popover>
      )}
    </div>
  );
}

function HeightHandle({ track, controller }: { track: Track; controller: StudioController }) {
  const { t } = useTranslation("studio");
  const drag = useRef<{ y: number; height: number } | null>(null);
  return (
    <div
      className="track-resize"
      aria-hidden="true"
      title={t("tracks.resize", { track: track.name })}
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
        event.preventDefault();
        event.stopPropagation();
        if (!controller.beginGesture()) return;
        drag.current = { y: event.clientY, height: track.height };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        const state = drag.current;
        if (state === null) return;
        const height = state.height + event.clientY - state.y;
        controller.updateGesture((base) => setTrackHeight(base, track.id, height));
      }}
      onPointerUp={() => {
        if (drag.current === null) return;
        drag.current = null;
        controller.endGesture();
      }}
      onDoubleClick={() =>
        controller.edit((project) => setTrackHeight(project, track.id, TRACK_HEIGHT_DEFAULT))
      }
    />
  );
}

export const TrackHeader = memo(function TrackHeader({
  track,
  top,
  selected,
  controller,
  onOpenEq,
}: TrackHeaderProps) {
  const { t } = useTranslation("studio");
  const id = track.id;
  const toggle = (label: string, pressed: boolean, onClick: () => void, className: string, text: string) => (
    <Tooltip label={label}>
      <button
        type="button"
        className={`toggle ${className}`}
        aria-pressed={pressed}
        aria-label={label}
        onClick={onClick}
      >
        {text}
      </button>
    </Tooltip>
  );
  const compact = track.height < 64;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a track row holds controls; a button cannot.
    <div
      className={`track-header${selected ? " selected" : ""}${compact ? " compact" : ""}`}
      style={{ top, height: track.height, ["--track-color" as string]: track.color }}
      data-testid="track-header"
      data-track-id={id}
      role="group"
      aria-label={t("tracks.group", { track: track.name })}
      onPointerDown={(event) => {
        if (
          event.target === event.currentTarget ||
          (event.target as HTMLElement).classList.contains("track-row")
        ) {
          controller.select((project) =>
            selectTrack(project, id, event.shiftKey || event.ctrlKey || event.metaKey),
          );
        }
      }}
    >
      <div className="track-color-bar" />
      <div className="track-row">
        <IconPicker
          value={track.icon}
          color={track.color}
          trackName={track.name}
          onChange={(icon) => controller.edit((project) => setTrackIcon(project, id, icon))}
        />
        <ColorButton track={track} controller={controller} />
        <NameField track={track} controller={controller} />
        {toggle(
          track.mute ? t("tracks.unmute") : t("tracks.mute"),
          track.mute,
          () => controller.edit((p) => setTrackMute(p, id, !track.mute)),
          "mute",
          t("tracks.muteLetter"),
        )}
        {toggle(
          track.solo ? t("tracks.unsolo") : t("tracks.solo"),
          track.solo,
          () => controller.edit((p) => setTrackSolo(p, id, !track.solo)),
          "solo",
          t("tracks.soloLetter"),
        )}
        {toggle(
          track.arm ? t("tracks.disarm") : t("tracks.arm"),
          track.arm,
          () => controller.edit((p) => setTrackArm(p, id, !track.arm)),
          "arm",
          t("tracks.armLetter"),
        )}
        <Tooltip label={t("tracks.equalizer")}>
          <button
            type="button"
            className={`toggle eq${track.eq.enabled ? " on" : ""}`}
            aria-label={t("tracks.equalizerOf", { track: track.name })}
            aria-pressed={track.eq.enabled}
            onClick={() => onOpenEq(id)}
          >
            {t("tracks.eq")}
          </button>
        </Tooltip>
        {track.takeLanes.length > 0 && (
          <Tooltip label={track.takeLanesExpanded ? t("tracks.hideLanes") : t("tracks.showLanes")}>
            <button
              type="button"
              className="toggle take-lanes-toggle"
              aria-expanded={track.takeLanesExpanded}
              aria-label={t("tracks.lanesOf", { track: track.name })}
              onClick={() => controller.edit((project) => toggleTakeLanesExpanded(project, id))}
            >
              {track.takeLanesExpanded ? "▾" : "▸"} {track.takeLanes.length}
            </button>
          </Tooltip>
        )}
        {track.takeLanes.length > 0 && !track.takeLanesExpanded && (
          <select
            className="take-select"
            aria-label={t("tracks.laneOf", { track: track.name })}
            title={t("tracks.laneHelp")}
            value={track.soloTakeLaneId ?? ""}
            onChange={(event) =>
              controller.edit((project) => setSoloTakeLane(project, id, event.target.value || null))
            }
          >
            <option value="">{t("tracks.trackClips")}</option>
            {track.takeLanes.map((lane) => (
              <option key={lane.id} value={lane.id}>
                {lane.name}
              </option>
            ))}
          </select>
        )}
      </div>
      {!compact && (
        <div className="track-row track-mix">
          <Fader
            label={t("tracks.volumeOf", { track: track.name })}
            value={track.amplitude}
            defaultValue={DEFAULT_AMPLITUDE}
            meter={{ trackId: id }}
            onGestureStart={() => controller.beginGesture()}
            onGestureEnd={() => controller.endGesture()}
            onGestureCancel={() => controller.cancelGesture()}
            onChange={(value) => controller.edit((project) => setTrackAmplitude(project, id, value))}
          />
          <MiniSlider
            className="balance"
            label={t("tracks.balanceOf", { track: track.name })}
            value={track.balance}
            min={-1}
            max={1}
            step={0.01}
            defaultValue={0}
            format={formatBalance}
            onGestureStart={() => controller.beginGesture()}
            onGestureEnd={() => controller.endGesture()}
            onGestureCancel={() => controller.cancelGesture()}
            onChange={(value) => controller.edit((project) => setTrackBalance(project, id, value))}
          />
          <span className="balance-value">{formatBalance(track.balance)}</span>
        </div>
      )}
      <HeightHandle track={track} controller={controller} />
    </div>
  );
});

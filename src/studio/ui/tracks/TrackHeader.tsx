import { memo, type PointerEvent, useEffect, useRef, useState } from "react";
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
  const [text, setText] = useState(track.name);
  useEffect(() => setText(track.name), [track.name]);
  const commit = () => {
    if (text !== track.name) controller.edit((project) => setTrackName(project, track.id, text));
  };
  return (
    <input
      className="track-name"
      aria-label="Track name"
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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="color-button">
      <button
        ref={button}
        type="button"
        className="color-dot"
        style={{ background: track.color }}
        aria-label={`${track.name} colour`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <Popover anchor={button} onClose={() => setOpen(false)} className="color-popover">
          <ColorPicker
            label="Track colour"
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
  const drag = useRef<{ y: number; height: number } | null>(null);
  return (
    <div
      className="track-resize"
      aria-hidden="true"
      title={`Drag to resize ${track.name}`}
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
      aria-label={`Track ${track.name}`}
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
          track.mute ? "Unmute" : "Mute",
          track.mute,
          () => controller.edit((p) => setTrackMute(p, id, !track.mute)),
          "mute",
          "M",
        )}
        {toggle(
          track.solo ? "Unsolo" : "Solo",
          track.solo,
          () => controller.edit((p) => setTrackSolo(p, id, !track.solo)),
          "solo",
          "S",
        )}
        {toggle(
          track.arm ? "Disarm recording" : "Arm for recording",
          track.arm,
          () => controller.edit((p) => setTrackArm(p, id, !track.arm)),
          "arm",
          "R",
        )}
        <Tooltip label="Equalizer">
          <button
            type="button"
            className={`toggle eq${track.eq.enabled ? " on" : ""}`}
            aria-label={`${track.name} equalizer, EQ`}
            aria-pressed={track.eq.enabled}
            onClick={() => onOpenEq(id)}
          >
            EQ
          </button>
        </Tooltip>
        {track.takeLanes.length > 0 && (
          <Tooltip label={track.takeLanesExpanded ? "Hide take lanes" : "Show take lanes"}>
            <button
              type="button"
              className="toggle take-lanes-toggle"
              aria-expanded={track.takeLanesExpanded}
              aria-label={`${track.name} take lanes`}
              onClick={() => controller.edit((project) => toggleTakeLanesExpanded(project, id))}
            >
              {track.takeLanesExpanded ? "▾" : "▸"} {track.takeLanes.length}
            </button>
          </Tooltip>
        )}
        {track.takeLanes.length > 0 && !track.takeLanesExpanded && (
          <select
            className="take-select"
            aria-label={`${track.name} take lane`}
            title="The take lane heard in place of the track's clips"
            value={track.soloTakeLaneId ?? ""}
            onChange={(event) =>
              controller.edit((project) => setSoloTakeLane(project, id, event.target.value || null))
            }
          >
            <option value="">Track clips</option>
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
            label={`${track.name} volume`}
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
            label={`${track.name} balance`}
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

import { type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  canSaveTrim,
  clampTrimRange,
  type TrimLimits,
  type TrimRange,
} from "../../../shared/create/upload-trim-rules.ts";
import { openUpsell } from "../../song-menu/upsells.ts";
import { bufferPeaks, drawPeaks } from "../../songs/waveform-drawing.ts";

interface TrimStageProps {
  readonly buffer: AudioBuffer;
  readonly title: string;
  readonly onTitle: (title: string) => void;
  readonly range: TrimRange;
  readonly onRange: (range: TrimRange) => void;
  readonly limits: TrimLimits;
  readonly onStartOver: () => void;
  readonly onSave: () => void;
}

const PEAK_POINTS = 800;
/** How close (px) to an edge grabs the edge rather than the whole range. */
const EDGE_PX = 8;

type Drag =
  | { readonly kind: "start" | "end" }
  | { readonly kind: "move"; readonly grabbedAt: number; readonly from: TrimRange };

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}.${Math.floor((seconds - whole) * 10)}`;
};

/** The trim stage: the title, the waveform with its selection, play/pause and the playhead. */
export function TrimStage(props: TrimStageProps) {
  const { t } = useTranslation("create");
  const { buffer, range, onRange, limits } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = useMemo(() => bufferPeaks(buffer, PEAK_POINTS), [buffer]);
  const [playhead, setPlayhead] = useState(range.startSeconds);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<Drag | null>(null);
  const audio = useRef<{
    context: AudioContext;
    source: AudioBufferSourceNode;
    at: number;
    from: number;
  } | null>(null);
  const duration = buffer.duration;
  const length = range.endSeconds - range.startSeconds;
  const valid = canSaveTrim(range, limits);

  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    drawPeaks(element, peaks, { color: "#9a9ca6" });
  }, [peaks]);

  const stop = () => {
    const playback = audio.current;
    audio.current = null;
    if (playback === null) return;
    playback.source.onended = null;
    playback.source.stop();
    void playback.context.close();
    setPlaying(false);
  };
  // Leaving the stage stops its playback.
  const stopOnLeave = useRef(stop);
  stopOnLeave.current = stop;
  useEffect(() => () => stopOnLeave.current(), []);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const playback = audio.current;
      if (playback === null) return;
      setPlayhead(playback.from + (playback.context.currentTime - playback.at));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = () => {
    if (playing) {
      stop();
      return;
    }
    const context = new AudioContext();
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const from =
      playhead >= range.startSeconds && playhead < range.endSeconds ? playhead : range.startSeconds;
    source.start(0, from, range.endSeconds - from);
    source.onended = () => {
      stop();
      setPlayhead(range.startSeconds);
    };
    audio.current = { context, source, at: context.currentTime, from };
    setPlaying(true);
  };

  const secondsAt = (event: PointerEvent<HTMLDivElement>): number => {
    const box = event.currentTarget.getBoundingClientRect();
    return Math.min(duration, Math.max(0, ((event.clientX - box.left) / box.width) * duration));
  };
  const pxPerSecond = (event: PointerEvent<HTMLDivElement>) =>
    event.currentTarget.getBoundingClientRect().width / duration;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const at = secondsAt(event);
    const edge = EDGE_PX / pxPerSecond(event);
    if (Math.abs(at - range.startSeconds) <= edge) drag.current = { kind: "start" };
    else if (Math.abs(at - range.endSeconds) <= edge) drag.current = { kind: "end" };
    else {
      // A click puts the playhead there; a press inside the selection that then drags moves it.
      if (at > range.startSeconds && at < range.endSeconds)
        drag.current = { kind: "move", grabbedAt: at, from: range };
      if (playing) stop();
      setPlayhead(at);
    }
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null) return;
    const at = secondsAt(event);
    if (current.kind === "move") {
      const shift = at - current.grabbedAt;
      const moved = {
        startSeconds: current.from.startSeconds + shift,
        endSeconds: current.from.endSeconds + shift,
      };
      onRange(clampTrimRange(moved, duration, limits, "range"));
    } else if (current.kind === "start") {
      onRange(clampTrimRange({ startSeconds: at, endSeconds: range.endSeconds }, duration, limits, "start"));
    } else {
      onRange(clampTrimRange({ startSeconds: range.startSeconds, endSeconds: at }, duration, limits, "end"));
    }
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const percent = (seconds: number) => `${(seconds / duration) * 100}%`;
  return (
    <div className="upload-trim" data-testid="upload-trim">
      <label className="upload-title">
        <span>{t("trimStage.title")}</span>
        <input value={props.title} maxLength={100} onChange={(event) => props.onTitle(event.target.value)} />
      </label>
      <div
        className="trim-wave"
        data-testid="trim-wave"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <canvas ref={canvas} />
        <div
          className="trim-selection"
          data-testid="trim-selection"
          data-start={range.startSeconds.toFixed(2)}
          data-end={range.endSeconds.toFixed(2)}
          style={{ left: percent(range.startSeconds), width: percent(length) }}
        >
          <span className="trim-handle trim-handle-start" />
          <span className="trim-handle trim-handle-end" />
        </div>
        <div className="trim-playhead" data-testid="trim-playhead" style={{ left: percent(playhead) }} />
      </div>
      <div className="trim-readout">
        <button
          type="button"
          className="create-round"
          aria-label={playing ? t("trimStage.pause") : t("trimStage.play")}
          onClick={play}
        >
          {playing ? "❚❚" : "▶"}
        </button>
        <output data-testid="trim-length">
          {clock(range.startSeconds)} – {clock(range.endSeconds)} ({length.toFixed(1)} {t("trimStage.s")}
        </output>
      </div>
      <p className="upload-hint" data-testid="trim-hint">
        {limits.hint}{" "}
        {limits.showUpgrade && (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              openUpsell(
                "8-minute uploads are for Pro and Premier",
                "Upload up to 8 minutes of audio with Pro or Premier.",
              )
            }
          >
            {t("trimStage.upgrade")}
          </button>
        )}
      </p>
      <div className="upload-actions">
        <button type="button" className="secondary" onClick={props.onStartOver}>
          {t("trimStage.startOver")}
        </button>
        <button type="button" disabled={!valid} onClick={props.onSave}>
          {t("trimStage.save")}
        </button>
      </div>
    </div>
  );
}

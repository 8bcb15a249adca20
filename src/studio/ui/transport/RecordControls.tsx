// The record button, the input chooser (inputs, monitoring, the measured round trip) and, while
// recording, the take's live waveform drawn from its amplitudes.

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { TakeAmplitude } from "../../recording/take-collector.ts";
import { Popover } from "../controls/Popover.tsx";
import { Tooltip } from "../controls/Tooltip.tsx";
import { useSession } from "../studio-context.ts";
import "./record-controls.css";

/** The live waveform's width in pixels: the last this-many 10 ms amplitudes show. */
const WAVE_WIDTH = 120;
const WAVE_HEIGHT = 24;

function LiveWave({ amplitudes }: { amplitudes: readonly TakeAmplitude[] }) {
  const { t } = useTranslation("studio");
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.clearRect(0, 0, WAVE_WIDTH, WAVE_HEIGHT);
    context.fillStyle = getComputedStyle(canvas.current as HTMLCanvasElement).color;
    const shown = amplitudes.slice(-WAVE_WIDTH);
    shown.forEach(([, , peak], x) => {
      const height = Math.max(1, Math.min(1, peak) * WAVE_HEIGHT);
      context.fillRect(x + WAVE_WIDTH - shown.length, (WAVE_HEIGHT - height) / 2, 1, height);
    });
  }, [amplitudes]);
  return (
    <canvas
      ref={canvas}
      className="record-wave"
      width={WAVE_WIDTH}
      height={WAVE_HEIGHT}
      data-testid="record-wave"
      data-amplitudes={amplitudes.length}
      aria-label={t("record.liveWave")}
    />
  );
}

function InputPanel({
  onClose,
  anchor,
}: {
  onClose: () => void;
  anchor: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation("studio");
  const { recording } = useSession();
  const { inputs, deviceId, monitoring, roundTripSeconds } = useStore(recording.store);
  useEffect(() => {
    void recording.refreshInputs();
  }, [recording]);
  return (
    <Popover anchor={anchor} onClose={onClose} className="record-panel">
      <label className="record-field">
        <span>{t("record.input")}</span>
        <select
          aria-label={t("record.audioInput")}
          value={deviceId ?? ""}
          onChange={(event) => recording.chooseInput(event.target.value === "" ? null : event.target.value)}
        >
          <option value="">{t("record.defaultInput")}</option>
          {(inputs ?? []).map((input) => (
            <option key={input.deviceId} value={input.deviceId}>
              {input.label}
            </option>
          ))}
        </select>
      </label>
      {inputs === null && <p className="record-note">{t("record.lookingForInputs")}</p>}
      {inputs !== null && inputs.length === 0 && <p className="record-note">{t("record.noInputs")}</p>}
      <label className="record-check">
        <input
          type="checkbox"
          checked={monitoring}
          onChange={(event) => recording.setMonitoring(event.target.checked)}
        />
        {t("record.monitor")}
      </label>
      <p className="record-note" data-testid="round-trip">
        {roundTripSeconds === null
          ? t("record.latencyUnmeasured")
          : t("record.latency", { ms: (roundTripSeconds * 1000).toFixed(1) })}
      </p>
      {roundTripSeconds !== null && (
        <button type="button" className="ghost small" onClick={() => recording.forgetRoundTrip()}>
          {t("record.measureAgain")}
        </button>
      )}
    </Popover>
  );
}

export function RecordControls() {
  const { t } = useTranslation("studio");
  const { recording } = useSession();
  const stage = useStore(recording.store, (state) => state.stage);
  const live = useStore(recording.store, (state) => state.live);
  const [open, setOpen] = useState(false);
  const inputButton = useRef<HTMLButtonElement>(null);
  const active = stage !== "ready";
  return (
    <div className="transport-group record-controls" data-stage={stage}>
      <Tooltip label={active ? t("record.stop") : t("record.recordTip")}>
        <button
          type="button"
          className={`icon-button record${active ? " active" : ""}`}
          aria-label={active ? t("record.stop") : t("record.record")}
          aria-pressed={active}
          data-testid="record-button"
          onClick={() => void recording.toggle()}
        >
          <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="6" fill="currentColor" />
          </svg>
        </button>
      </Tooltip>
      <span className="record-stage" role="status" data-testid="record-stage">
        {t(`record.stages.${stage}`)}
      </span>
      {live !== null && <LiveWave amplitudes={live.amplitudes} />}
      <button
        ref={inputButton}
        type="button"
        className="ghost small record-input"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t("record.input")}
      </button>
      {open && <InputPanel anchor={inputButton} onClose={() => setOpen(false)} />}
    </div>
  );
}

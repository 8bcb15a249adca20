import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MIC_DENIED, MIC_FAILED, MicrophoneError, Recorder, type RecorderStage } from "./recorder.ts";
import "./upload.css";

interface RecordStageProps {
  readonly onRecorded: (buffer: AudioBuffer, seconds: number) => void;
  readonly onFile: (files: readonly File[]) => void;
  readonly onError: (title: string, description: string) => void;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/**
 * Upload-or-record: the big record button with its live waveform and timer (pressing again stops),
 * and beside it the way to bring a file: an Upload file button and the hint that a file dropped on
 * the window is taken too.
 */
export function RecordStage({ onRecorded, onFile, onError }: RecordStageProps) {
  const { t } = useTranslation("create");
  const [stage, setStage] = useState<RecorderStage>("Ready");
  const [elapsed, setElapsed] = useState(0);
  const [decoding, setDecoding] = useState(false);
  const recorder = useRef<Recorder | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  if (recorder.current === null) recorder.current = new Recorder(setStage);
  useEffect(() => () => recorder.current?.cancel(), []);

  useEffect(() => {
    if (stage !== "Recording") return;
    let frame = 0;
    const samples = new Float32Array(2048);
    const draw = () => {
      const current = recorder.current;
      const element = canvas.current;
      const analyser = current?.analyser;
      if (current && element && analyser) {
        setElapsed((performance.now() - current.startedAt) / 1000);
        analyser.getFloatTimeDomainData(samples);
        const context = element.getContext("2d");
        const { width, height } = element;
        if (context) {
          context.clearRect(0, 0, width, height);
          context.strokeStyle = "#ff7a45";
          context.lineWidth = 2;
          context.beginPath();
          for (let x = 0; x < width; x++) {
            const sample = samples[Math.floor((x / width) * samples.length)] ?? 0;
            const y = height / 2 - sample * (height / 2);
            if (x === 0) context.moveTo(x, y);
            else context.lineTo(x, y);
          }
          context.stroke();
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [stage]);

  const press = async () => {
    const current = recorder.current;
    if (current === null) return;
    if (current.stage === "Recording") {
      const seconds = (performance.now() - current.startedAt) / 1000;
      setDecoding(true);
      try {
        onRecorded(await current.stop(), seconds);
      } catch (error) {
        console.warn("The recording could not be decoded", error);
        onError(MIC_FAILED.title, MIC_FAILED.description);
      } finally {
        setDecoding(false);
      }
      return;
    }
    setElapsed(0);
    try {
      await current.start();
    } catch (error) {
      const denied = error instanceof MicrophoneError && error.denied;
      const text = denied ? MIC_DENIED : MIC_FAILED;
      onError(text.title, text.description);
    }
  };

  return (
    <div className="upload-record" data-testid="upload-record">
      <button
        type="button"
        className={`record-button ${stage === "Recording" ? "recording" : ""}`}
        data-testid="record-button"
        data-stage={stage}
        disabled={stage === "Preparing" || decoding}
        aria-label={stage === "Recording" ? t("recordStage.stopRecording") : t("recordStage.record")}
        onClick={press}
      >
        <span className="record-dot" />
      </button>
      <span className="record-stage" data-testid="record-stage">
        {stage}
      </span>
      <canvas ref={canvas} className="record-wave" width={400} height={80} />
      <output className="record-timer" data-testid="record-timer">
        {clock(elapsed)}
      </output>
      <div className="upload-file-choice">
        <span className="upload-or">{t("recordStage.or")}</span>
        <button
          type="button"
          className="secondary"
          disabled={stage !== "Ready" || decoding}
          onClick={() => picker.current?.click()}
        >
          {t("recordStage.uploadFile")}
        </button>
        <p className="upload-drop-hint">
          {t("recordStage.youCanAlsoDrop")}
          <small>{t("recordStage.wavMp3FlacOgg")}</small>
        </p>
      </div>
      {/* The real file input, behind the Upload file button. */}
      <input
        ref={picker}
        className="visually-hidden"
        type="file"
        accept="audio/*"
        tabIndex={-1}
        data-testid="upload-file-input"
        aria-label={t("recordStage.chooseAnAudioFile")}
        onChange={(event) => {
          onFile(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />
    </div>
  );
}

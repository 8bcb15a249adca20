import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  EQ_GAIN_MAX,
  EQ_GAIN_MIN,
  EQ_Q_MAX,
  EQ_Q_MIN,
  type Track,
  type TrackEq,
} from "../../../shared/project/index.ts";
import { MiniSlider } from "../../../ui/MiniSlider.tsx";
import {
  type EqStageName,
  type EqStagePatch,
  setTrackEqEnabled,
  setTrackEqStage,
} from "../../editing/index.ts";
import type { StudioController } from "../../store/studio-controller.ts";
import { useSession, useStudio } from "../studio-context.ts";
import { eqResponseDb, frequencyToPosition, logFrequencies, positionToFrequency } from "./eq-response.ts";

/**
 * Each stage with the frequency and Q a double-click resets to (the schema's defaults); its name is
 * `studio:eq.stages.{id}`.
 */
const STAGES: readonly {
  readonly id: EqStageName;
  readonly gain: boolean;
  readonly frequency: number;
  readonly q: number;
}[] = [
  { id: "highPassFilter", gain: false, frequency: 20, q: Math.SQRT1_2 },
  { id: "band1", gain: true, frequency: 100, q: Math.SQRT1_2 },
  { id: "band2", gain: true, frequency: 500, q: 1 },
  { id: "band3", gain: true, frequency: 2000, q: 1 },
  { id: "band4", gain: true, frequency: 8000, q: Math.SQRT1_2 },
  { id: "lowPassFilter", gain: false, frequency: 20_000, q: Math.SQRT1_2 },
];

const formatFrequency = (hz: number): string =>
  hz >= 1000 ? `${(hz / 1000).toFixed(hz >= 10_000 ? 1 : 2)} kHz` : `${Math.round(hz)} Hz`;
const formatGainDb = (db: number): string => `${db > 0 ? "+" : ""}${db.toFixed(1)} dB`;
const CURVE_POINTS = 96;
const CURVE_FREQUENCIES = logFrequencies(CURVE_POINTS);
const CURVE_RANGE_DB = 24;

function EqCurve({ eq }: { eq: TrackEq }) {
  const { t } = useTranslation("studio");
  const path = useMemo(() => {
    const response = eqResponseDb(eq, CURVE_FREQUENCIES);
    return response
      .map((db, i) => {
        const x = (i / (CURVE_POINTS - 1)) * 300;
        const y = 50 - (Math.max(-CURVE_RANGE_DB, Math.min(CURVE_RANGE_DB, db)) / CURVE_RANGE_DB) * 46;
        return `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(" ");
  }, [eq]);
  return (
    <svg
      className={`eq-curve${eq.enabled ? "" : " off"}`}
      viewBox="0 0 300 100"
      preserveAspectRatio="none"
      role="img"
      aria-label={t("eq.response")}
    >
      {[100, 1000, 10_000].map((hz) => {
        const x = frequencyToPosition(hz) * 300;
        return <line key={hz} x1={x} x2={x} y1={0} y2={100} className="eq-grid" />;
      })}
      <line x1={0} x2={300} y1={50} y2={50} className="eq-grid zero" />
      <path d={path} className="eq-line" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function StageControls({
  track,
  stage,
  controller,
}: {
  track: Track;
  stage: (typeof STAGES)[number];
  controller: StudioController;
}) {
  const { t } = useTranslation("studio");
  const name = t(`eq.stages.${stage.id}`);
  const values = track.eq[stage.id];
  const change = (patch: EqStagePatch) =>
    controller.edit((project) => setTrackEqStage(project, track.id, stage.id, patch));
  const gesture = {
    onGestureStart: () => controller.beginGesture(),
    onGestureEnd: () => controller.endGesture(),
  };
  const testId = (part: string) => `eq-${stage.id}-${part}`;
  return (
    <fieldset className={`eq-stage${values.enabled ? "" : " off"}`} data-testid={`eq-${stage.id}`}>
      <legend>
        <label>
          <input
            type="checkbox"
            checked={values.enabled}
            aria-label={t("eq.stageOn", { name })}
            data-testid={testId("enabled")}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          {name}
        </label>
      </legend>
      <div className="eq-param">
        <span>{t("eq.freq")}</span>
        <MiniSlider
          label={t("eq.frequency", { name })}
          testId={testId("frequency")}
          value={frequencyToPosition(values.frequency)}
          min={0}
          max={1}
          step={0.001}
          defaultValue={frequencyToPosition(stage.frequency)}
          format={(position) => formatFrequency(positionToFrequency(position))}
          onChange={(position) => change({ frequency: Math.round(positionToFrequency(position)) })}
          {...gesture}
        />
        <output>{formatFrequency(values.frequency)}</output>
      </div>
      <div className="eq-param">
        <span>{t("eq.q")}</span>
        <MiniSlider
          label={t("eq.stageQ", { name })}
          testId={testId("q")}
          value={values.q}
          min={EQ_Q_MIN}
          max={Math.min(EQ_Q_MAX, 10)}
          step={0.01}
          defaultValue={stage.q}
          format={(q) => q.toFixed(2)}
          onChange={(q) => change({ q })}
          {...gesture}
        />
        <output>{values.q.toFixed(2)}</output>
      </div>
      {stage.gain && "gain" in values && (
        <div className="eq-param">
          <span>{t("eq.gain")}</span>
          <MiniSlider
            label={t("eq.stageGain", { name })}
            testId={testId("gain")}
            value={values.gain}
            min={EQ_GAIN_MIN}
            max={EQ_GAIN_MAX}
            step={0.5}
            defaultValue={0}
            format={formatGainDb}
            onChange={(gain) => change({ gain })}
            {...gesture}
          />
          <output data-testid={testId("gain-value")}>{formatGainDb(values.gain)}</output>
        </div>
      )}
    </fieldset>
  );
}

/** The EQ of the focused track: a switch, high- and low-pass, four bands. */
export function EqPanel() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const track = useStudio((state) => {
    const project = state.history.present;
    const id =
      project.selection.focusedTrackId ??
      project.selection.trackIds[0] ??
      state.ui.selectedClip?.trackId ??
      null;
    return project.tracks.find((candidate) => candidate.id === id) ?? null;
  });
  if (track === null) return <p className="panel-empty">{t("eq.empty")}</p>;
  return (
    <div className="eq-panel" data-testid="eq-panel" data-track-id={track.id}>
      <div className="panel-row">
        <span className="panel-subject" style={{ color: track.color }}>
          {track.name}
        </span>
        <label className="switch">
          <input
            type="checkbox"
            checked={track.eq.enabled}
            aria-label={t("eq.on")}
            data-testid="eq-enabled"
            onChange={(event) =>
              controller.edit((project) => setTrackEqEnabled(project, track.id, event.target.checked))
            }
          />
          <span>{track.eq.enabled ? t("eq.switchOn") : t("eq.switchOff")}</span>
        </label>
      </div>
      <EqCurve eq={track.eq} />
      {STAGES.map((stage) => (
        <StageControls key={stage.id} track={track} stage={stage} controller={controller} />
      ))}
    </div>
  );
}

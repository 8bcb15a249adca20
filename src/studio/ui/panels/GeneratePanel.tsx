import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { shownSeconds } from "../../../shared/studio-generate/blocking-messages.ts";
import type { EndSelectionMode, ReplaceMode } from "../../../shared/studio-generate/generate-mode.ts";
import { planGeneration } from "../../generate/generation-plan.ts";
import { useSession, useStudio } from "../studio-context.ts";

/** Preview starts playing this many beats before the range. */
const PREVIEW_LEAD_BEATS = 2;
/** A selection unchanged this long has settled: its context is rendered ahead of Generate. */
const PREPARE_AFTER_MS = 300;

/** The choices in order; their words are `studio:generate.replaceModes.{mode}` and `endModes.{mode}`. */
const REPLACE_MODES: readonly ReplaceMode[] = ["smart_infill", "classic", "fixed"];
const END_MODES: readonly EndSelectionMode[] = ["replace", "extend"];

function Segmented<T extends string>(props: {
  readonly label: string;
  readonly name: string;
  readonly value: T;
  readonly options: readonly T[];
  readonly text: (value: T) => string;
  readonly onChange: (value: T) => void;
}) {
  return (
    <fieldset className="segmented" aria-label={props.label}>
      {props.options.map((value) => (
        <label key={value} className={props.value === value ? "checked" : ""}>
          <input
            type="radio"
            className="visually-hidden"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />
          {props.text(value)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Generate from the selection: the mode the selection chooses, why it cannot run, the replace and
 * end-selection settings, the context window in classic replace, the create form's fields (with the
 * lyrics for the range in replace), Preview and Generate.
 */
export function GeneratePanel() {
  const { t } = useTranslation("studio");
  const helpId = useId();
  const session = useSession();
  const { controller, generatePanel: panel, generator } = session;
  const state = useStore(panel.store);
  const project = useStudio((studio) => studio.history.present);
  const playing = useStudio((studio) => studio.ui.playing);
  const [previewing, setPreviewing] = useState(false);
  const plan = planGeneration(project, panel.settings(project.editClipId !== null));
  const { form } = state;

  // Escape ends the preview (and stops playback) wherever the focus is.
  useEffect(() => {
    if (!previewing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      controller.stop();
      setPreviewing(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [previewing, controller]);
  useEffect(() => {
    if (!playing) setPreviewing(false);
  }, [playing]);

  // The context is rendered once the selection has settled, while the form is being filled in, so
  // Generate finds it ready. The plan's range and mode say when it is worth a new render. Not while
  // a generation runs: its results change the project as they stream, and a render then would take
  // a core from the generator making the audio awaited (the next render starts when it is done).
  const ready = plan.blocked === null && plan.mode !== null && state.running === 0;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => generator.prepare(project), PREPARE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready, generator, project]);

  const preview = () => {
    controller.seek(Math.max(0, plan.range.startBeats - PREVIEW_LEAD_BEATS));
    void controller.play();
    setPreviewing(true);
  };

  const hasRange = plan.range.endBeats > plan.range.startBeats;
  return (
    <section className="generate-panel" aria-labelledby="generate-title" data-testid="generate-panel">
      <div className="panel-row">
        <h3 id="generate-title" className="panel-subject" data-testid="generate-mode">
          {plan.mode === null ? t("generate.generate") : t(`generate.modes.${plan.mode}`)}
        </h3>
        <span className="field-unit" data-testid="generate-range">
          {hasRange
            ? t("generate.selected", { seconds: shownSeconds(plan.lengthSeconds) })
            : t("generate.noRange")}
        </span>
      </div>
      {plan.blocked !== null && (
        <p className="generate-blocked" role="status" data-testid="generate-blocked">
          {plan.blocked}
        </p>
      )}
      {plan.mode === "replace" && (
        <div className="field">
          <span className="field-label">{t("generate.replaceMode")}</span>
          <Segmented
            label={t("generate.replaceMode")}
            name="replace-mode"
            value={state.replaceMode}
            options={REPLACE_MODES}
            text={(mode) => t(`generate.replaceModes.${mode}`)}
            onChange={(mode) => panel.setReplaceMode(mode)}
          />
        </div>
      )}
      <div className="field">
        <span className="field-label">{t("generate.atTheEnd")}</span>
        <Segmented
          label={t("generate.atTheEndOfSong")}
          name="end-selection-mode"
          value={state.endSelectionMode}
          options={END_MODES}
          text={(mode) => t(`generate.endModes.${mode}`)}
          onChange={(mode) => panel.setEndSelectionMode(mode)}
        />
      </div>
      {plan.windowShown && (
        <label className="field">
          <span className="field-label">{t("generate.context")}</span>
          <input
            type="number"
            min={0}
            step={4}
            value={state.contextWindowBeats}
            aria-label={t("generate.contextWindow")}
            onChange={(event) => panel.setContextWindow(event.currentTarget.valueAsNumber)}
          />
          <span className="field-unit">{t("generate.beatsEachSide")}</span>
        </label>
      )}
      <label className="generate-field">
        <span className="field-label">{t("generate.styles")}</span>
        <input
          type="text"
          value={form.custom.styles}
          aria-describedby={`${helpId}-styles`}
          onChange={(event) => panel.setCustom({ styles: event.currentTarget.value })}
        />
        <small className="field-help" id={`${helpId}-styles`}>
          {t("generate.stylesExample")}
        </small>
      </label>
      <label className="generate-field">
        <span className="field-label">
          {plan.mode === "replace" ? t("generate.rangeLyrics") : t("generate.lyrics")}
        </span>
        <textarea
          rows={4}
          value={form.custom.lyrics}
          aria-describedby={`${helpId}-lyrics`}
          onChange={(event) => panel.setCustom({ lyrics: event.currentTarget.value })}
        />
        <small className="field-help" id={`${helpId}-lyrics`}>
          {plan.mode === "replace" ? t("generate.rangeLyricsHelp") : t("generate.lyricsHelp")}
        </small>
      </label>
      <label className="generate-field">
        <span className="field-label">{t("generate.clipName")}</span>
        <input
          type="text"
          value={form.custom.title}
          aria-describedby={`${helpId}-title`}
          onChange={(event) => panel.setCustom({ title: event.currentTarget.value })}
        />
        <small className="field-help" id={`${helpId}-title`}>
          {t("generate.clipNameHelp")}
        </small>
      </label>
      <div className="generate-actions">
        <button
          type="button"
          disabled={!hasRange || session.audio === null}
          onClick={previewing ? () => controller.stop() : preview}
        >
          {previewing ? t("generate.stopPreview") : t("generate.preview")}
        </button>
        <button
          type="button"
          className="primary"
          disabled={plan.blocked !== null}
          onClick={() => void generator.generate()}
        >
          {t("generate.generate")}
        </button>
      </div>
      {state.running > 0 && (
        <p className="field-unit" role="status" data-testid="generate-running">
          {t("generate.running", { count: state.running })}
        </p>
      )}
      {state.message !== null && (
        <p className="generate-blocked" role="alert" data-testid="generate-message">
          {state.message}
        </p>
      )}
    </section>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { clipSourceId } from "../../../engine/index.ts";
import {
  AUDIO_FORMATS,
  type AudioFormat,
  buildExportZip,
  DEFAULT_EXPORT_FORMATS,
  heardClips,
  orderedFormats,
} from "../../export/build-export.ts";
import { type ExportRange, loopRangeOf } from "../../export/export-range.ts";
import { downloadBytes, pageExportServices } from "../../export/export-services.ts";
import { useSession, useSessionStatus, useStudio } from "../studio-context.ts";

type Phase =
  | { kind: "idle" }
  | { kind: "working"; step: string }
  | { kind: "done"; files: readonly string[] }
  | { kind: "failed"; message: string };

/** Export: a zip of the mixdown (whole project or loop range) and the clips' MIDI. */
export function ExportPanel() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const project = useStudio((state) => state.history.present);
  const engine = useSessionStatus((status) => status.engine);
  const [formats, setFormats] = useState<ReadonlySet<AudioFormat>>(() => new Set(DEFAULT_EXPORT_FORMATS));
  const [range, setRange] = useState<ExportRange>("project");
  const [includeMidi, setIncludeMidi] = useState(true);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const loop = loopRangeOf(project);
  // Counted again on each render: the engine's arrival (engine) brings the sources and their MIDI.
  const sources = engine === "ready" ? session.audio?.sources : undefined;
  const midiClips =
    sources === undefined
      ? 0
      : heardClips(project).filter(({ clip }) => {
          const source = clipSourceId(clip);
          return source !== null && sources.midiOf(source) !== undefined;
        }).length;

  const run = async () => {
    const audio = session.audio;
    if (audio === null || formats.size === 0) return;
    setPhase({ kind: "working", step: "Rendering the mixdown" });
    try {
      const built = await buildExportZip(
        project,
        {
          formats: orderedFormats(formats),
          range: range === "loop" && loop !== null ? "loop" : "project",
          includeMidi,
        },
        pageExportServices(audio.sources, audio.sampleRate, (step) => setPhase({ kind: "working", step })),
      );
      downloadBytes(built.zip, built.fileName);
      setPhase({ kind: "done", files: built.files });
    } catch (error) {
      console.error(error);
      setPhase({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  const toggle = (format: AudioFormat, on: boolean) => {
    const next = new Set(formats);
    if (on) next.add(format);
    else next.delete(format);
    setFormats(next);
  };
  const working = phase.kind === "working";
  return (
    <div className="export-panel" data-testid="export-panel">
      <fieldset className="field-group">
        <legend>{t("export.audio")}</legend>
        {AUDIO_FORMATS.map((format) => (
          <label key={format.id} className="check">
            <input
              type="checkbox"
              checked={formats.has(format.id)}
              onChange={(event) => toggle(format.id, event.target.checked)}
            />
            {format.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="field-group">
        <legend>{t("export.range")}</legend>
        <label className="check">
          <input
            type="radio"
            name="export-range"
            checked={range === "project"}
            onChange={() => setRange("project")}
          />
          {t("export.wholeProject")}
        </label>
        <label className={`check${loop === null ? " disabled" : ""}`}>
          <input
            type="radio"
            name="export-range"
            disabled={loop === null}
            checked={range === "loop"}
            onChange={() => setRange("loop")}
          />
          {t("export.loopRange")}
          {loop !== null
            ? ` ${t("export.bars", { from: Math.floor(loop.from / 4) + 1, to: Math.ceil(loop.to / 4) })}`
            : ""}
        </label>
      </fieldset>
      <fieldset className="field-group">
        <legend>{t("export.midi")}</legend>
        <label className={`check${midiClips === 0 ? " disabled" : ""}`}>
          <input
            type="checkbox"
            disabled={midiClips === 0}
            checked={includeMidi && midiClips > 0}
            onChange={(event) => setIncludeMidi(event.target.checked)}
          />
          {midiClips === 0 ? t("export.noMidi") : t("export.midiOf", { count: midiClips })}
        </label>
      </fieldset>
      <button
        type="button"
        className="primary wide"
        disabled={working || formats.size === 0 || engine !== "ready"}
        onClick={run}
      >
        {working ? t("export.exporting") : t("export.exportZip")}
      </button>
      <p className="export-status" role="status" data-testid="export-status">
        {phase.kind === "working" && `${phase.step}…`}
        {phase.kind === "done" && t("export.exported", { count: phase.files.length })}
        {phase.kind === "failed" && t("export.failed", { message: phase.message })}
      </p>
    </div>
  );
}

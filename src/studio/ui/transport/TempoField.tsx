import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { setTempoBpm } from "../../editing/index.ts";
import { useSession, useStudio } from "../studio-context.ts";

const formatBpm = (bps: number): string => String(Math.round(bps * 60 * 100) / 100);

/** The project tempo in BPM; edited when the tempo is manual and has no automation. */
export function TempoField() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const timing = useStudio((state) => state.history.present.timing);
  const [text, setText] = useState(formatBpm(timing.bps));
  useEffect(() => setText(formatBpm(timing.bps)), [timing.bps]);
  const automated = timing.bpsAutomation.length > 0;
  const commit = () => {
    const bpm = Number(text);
    if (text.trim() === "" || Number.isNaN(bpm)) setText(formatBpm(timing.bps));
    else controller.edit((project) => setTempoBpm(project, bpm));
  };
  return (
    <label className="tempo-field" title={automated ? t("transport.tempoAutomated") : t("transport.tempo")}>
      <input
        aria-label={t("transport.tempoBpm")}
        inputMode="decimal"
        value={automated ? t("transport.tempoAuto") : text}
        disabled={automated}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.currentTarget.blur();
          if (event.key === "Escape") {
            setText(formatBpm(timing.bps));
            event.currentTarget.blur();
          }
        }}
      />
      <span>{t("transport.bpm")}</span>
    </label>
  );
}

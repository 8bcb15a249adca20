import { useTranslation } from "react-i18next";
import type { Range } from "../../shared/hooks/hook-rules.ts";

/** The part of the uploaded video the hook shows: its start and end in seconds, and the length. */
export function VideoRangeFields({
  durationS,
  range,
  onRange,
}: {
  readonly durationS: number;
  readonly range: Range;
  readonly onRange: (range: Range) => void;
}) {
  const { t } = useTranslation("hooks");
  const field = (end: "startS" | "endS", label: string) => (
    <label className="hook-field">
      <span>{label}</span>
      <input
        type="number"
        min={0}
        max={durationS}
        step={0.1}
        value={range[end]}
        data-testid={end === "startS" ? "video-start" : "video-end"}
        onChange={(event) => onRange({ ...range, [end]: Number(event.target.value) })}
      />
    </label>
  );
  return (
    <div className="hook-range-row">
      {field("startS", t("videoStart"))}
      {field("endS", t("videoEnd"))}
      <p className="hook-help">
        {t("videoLength", { seconds: Math.max(0, range.endS - range.startS).toFixed(1) })}
      </p>
    </div>
  );
}

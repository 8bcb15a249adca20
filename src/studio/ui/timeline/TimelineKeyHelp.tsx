// What the focused timeline's keys do, for screen readers (the canvas's description), and which
// clip the keys have selected, said as it changes.

import { useTranslation } from "react-i18next";
import { findClip } from "../../editing/index.ts";
import { beatsText } from "../shell/ClipList.tsx";
import { useStudio } from "../studio-context.ts";

export const TIMELINE_HELP_ID = "timeline-key-help";

export function TimelineKeyHelp() {
  const { t } = useTranslation("studio");
  const selected = useStudio((state) => {
    const ref = state.ui.selectedClip;
    const clip = ref === null ? undefined : findClip(state.history.present, ref);
    return clip === undefined
      ? ""
      : t("timeline.clipSpan", {
          name: clip.name,
          start: beatsText(clip.startBeats),
          end: beatsText(clip.endBeats),
        });
  });
  return (
    <>
      <p id={TIMELINE_HELP_ID} className="visually-hidden">
        {t("timeline.keyHelp")}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="timeline-selection">
        {selected === "" ? "" : t("timeline.selected", { clip: selected })}
      </p>
    </>
  );
}

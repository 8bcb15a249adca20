// What the focused timeline's keys do, for screen readers (the canvas's description), and which
// clip the keys have selected, said as it changes.

import { findClip } from "../../editing/index.ts";
import { beatsText } from "../shell/ClipList.tsx";
import { useStudio } from "../studio-context.ts";

export const TIMELINE_HELP_ID = "timeline-key-help";

export function TimelineKeyHelp() {
  const selected = useStudio((state) => {
    const ref = state.ui.selectedClip;
    const clip = ref === null ? undefined : findClip(state.history.present, ref);
    return clip === undefined
      ? ""
      : `${clip.name}, beats ${beatsText(clip.startBeats)} to ${beatsText(clip.endBeats)}`;
  });
  return (
    <>
      <p id={TIMELINE_HELP_ID} className="visually-hidden">
        Left and Right arrows select the previous or next clip; Shift with an arrow moves the selected clip by
        one grid step; Space plays or stops.
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="timeline-selection">
        {selected === "" ? "" : `Selected: ${selected}`}
      </p>
    </>
  );
}

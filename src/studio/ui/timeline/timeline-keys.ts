// The focused timeline's keys (see editing/timeline-keys.ts for which do what): the selection moves
// from clip to clip and into view; the selected clip moves by the grid step drawn at this zoom, the
// same step a drag snaps to.

import { beats } from "../../../shared/time.ts";
import { adjacentClip, findClip, moveClip, timelineKeyAction } from "../../editing/index.ts";
import type { StudioController } from "../../store/studio-controller.ts";
import { drawnGridStep } from "../../timeline/grid-spacing.ts";
import type { Viewport } from "../../timeline/viewport.ts";

export function attachTimelineKeys(
  host: HTMLElement,
  controller: StudioController,
  viewport: Viewport,
): () => void {
  const onKey = (event: KeyboardEvent) => {
    const action = timelineKeyAction(event);
    if (action === null) return;
    event.preventDefault();
    const selected = controller.state.ui.selectedClip;
    if (action.kind === "select") {
      const next = adjacentClip(controller.project, selected, action.step);
      controller.selectClip(next);
      const clip = next === null ? undefined : findClip(controller.project, next);
      if (clip !== undefined && (clip.startBeats < viewport.startBeat || clip.startBeats > viewport.endBeat))
        viewport.setStartBeat(clip.startBeats);
      return;
    }
    if (selected === null || findClip(controller.project, selected) === undefined) return;
    const step = drawnGridStep(controller.state.ui.gridMultiplier, viewport.pixelsPerBeat);
    controller.edit((project) => moveClip(project, selected, beats(step * action.steps)));
  };
  host.addEventListener("keydown", onKey);
  return () => host.removeEventListener("keydown", onKey);
}

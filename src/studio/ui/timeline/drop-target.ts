// Audio files dragged over the timeline: the track and beat they would land on are shown, and a
// drop hands the files to the upload manager.

import type { StudioSession } from "../../session/studio-session.ts";
import { RULER_HEIGHT } from "../../timeline/constants.ts";
import { drawnGridStep, snapToGrid } from "../../timeline/grid-spacing.ts";
import { layoutOf } from "../../timeline/project-geometry.ts";
import { nearestTrackIndex } from "../../timeline/track-layout.ts";

const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes("Files") ?? false;

export function attachDropTarget(host: HTMLElement, session: StudioSession): () => void {
  const { viewport, interaction, controller } = session;
  const targetOf = (event: DragEvent) => {
    const box = host.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = Math.max(RULER_HEIGHT, event.clientY - box.top);
    const layout = layoutOf(controller.project);
    const trackIndex = nearestTrackIndex(layout, viewport.trackYAt(y));
    const step = drawnGridStep(controller.state.ui.gridMultiplier, viewport.pixelsPerBeat);
    const beat = Math.max(0, snapToGrid(viewport.beatAt(x), step));
    return { trackIndex, beat, trackId: layout.tracks[trackIndex]?.id ?? null };
  };
  const onOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    const target = targetOf(event);
    interaction.setDropHint(
      target.trackId === null ? null : { trackIndex: target.trackIndex, beat: target.beat },
    );
  };
  const onLeave = (event: DragEvent) => {
    if (event.relatedTarget instanceof Node && host.contains(event.relatedTarget)) return;
    interaction.setDropHint(null);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    interaction.setDropHint(null);
    const target = targetOf(event);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (target.trackId === null) return;
    void session.uploads.drop(files, { trackId: target.trackId, beat: target.beat });
  };
  host.addEventListener("dragover", onOver);
  host.addEventListener("dragleave", onLeave);
  host.addEventListener("drop", onDrop);
  return () => {
    host.removeEventListener("dragover", onOver);
    host.removeEventListener("dragleave", onLeave);
    host.removeEventListener("drop", onDrop);
  };
}

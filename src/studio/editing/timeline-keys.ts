// The timeline's keyboard path, as pure rules: with the timeline focused, Left and Right select the
// previous and next clip (in reading order: track by track from the top, each track's clips by
// start), and Shift with Left or Right moves the selected clip by one grid step. Space plays and
// stops as everywhere in the studio.

import type { StudioProjectState } from "../../shared/project/index.ts";
import type { KeyPress } from "./keyboard.ts";
import type { ClipRef } from "./project-updates.ts";

export type TimelineKeyAction =
  | { readonly kind: "select"; readonly step: 1 | -1 }
  | { readonly kind: "move"; readonly steps: 1 | -1 };

/** What a key press does on the focused timeline, or null when it is not one of its keys. */
export function timelineKeyAction(press: KeyPress): TimelineKeyAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  const step = press.key === "ArrowRight" ? 1 : press.key === "ArrowLeft" ? -1 : null;
  if (step === null) return null;
  return press.shiftKey ? { kind: "move", steps: step } : { kind: "select", step };
}

/** Every clip in reading order: the tracks as shown, each one's clips by start. */
function clipsInOrder(project: StudioProjectState): ClipRef[] {
  return project.tracks.flatMap((track) =>
    [...track.clips]
      .sort((a, b) => a.startBeats - b.startBeats)
      .map((clip) => ({ trackId: track.id, clipId: clip.id })),
  );
}

/**
 * The clip `step` away from `current` in reading order, stopping at the ends; with none selected
 * (or the selected one gone), the first clip going forward and the last going back. Null for a
 * project without clips.
 */
export function adjacentClip(
  project: StudioProjectState,
  current: ClipRef | null,
  step: 1 | -1,
): ClipRef | null {
  const clips = clipsInOrder(project);
  if (clips.length === 0) return null;
  const at = current === null ? -1 : clips.findIndex((clip) => clip.clipId === current.clipId);
  if (at < 0) return step === 1 ? clips[0] : clips[clips.length - 1];
  return clips[Math.min(clips.length - 1, Math.max(0, at + step))];
}

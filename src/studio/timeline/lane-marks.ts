// What the timeline draws of a track's take lanes and clip creation intents (spec section 3), kept
// minimal inside the track's own row: each intent as a band over its span; with the lanes expanded,
// a thin strip per lane along the row's bottom holding its clips, the soloed lane (the one heard)
// marked. Pure: rectangles in beats and pixels from the track's top.

import type { Track } from "../../shared/project/index.ts";

/** A take lane's strip height, and the most strips a row shows. */
export const TAKE_STRIP_PX = 5;
const MAX_STRIPS = 6;

export interface LaneMark {
  readonly kind: "intent" | "strip" | "take" | "soloTake";
  readonly startBeats: number;
  readonly endBeats: number;
  /** From the track's top. */
  readonly y: number;
  readonly height: number;
}

export function laneMarks(track: Track, fromBeat: number, toBeat: number): LaneMark[] {
  const marks: LaneMark[] = [];
  const inView = (span: { startBeats: number; endBeats: number }) =>
    span.endBeats > fromBeat && span.startBeats < toBeat;
  for (const intent of track.clipCreationIntents) {
    if (inView(intent)) marks.push({ kind: "intent", ...spanOf(intent), y: 0, height: track.height - 1 });
  }
  if (!track.takeLanesExpanded || track.takeLanes.length === 0) return marks;
  const lanes = track.takeLanes.slice(
    0,
    Math.max(0, Math.min(MAX_STRIPS, Math.floor(track.height / 3 / TAKE_STRIP_PX))),
  );
  const bottom = track.height - 1;
  lanes.forEach((lane, index) => {
    const y = bottom - (lanes.length - index) * TAKE_STRIP_PX;
    const soloed = lane.id === track.soloTakeLaneId;
    marks.push({ kind: "strip", startBeats: fromBeat, endBeats: toBeat, y, height: TAKE_STRIP_PX - 1 });
    for (const clip of lane.clips) {
      if (!inView(clip)) continue;
      marks.push({ kind: soloed ? "soloTake" : "take", ...spanOf(clip), y, height: TAKE_STRIP_PX - 1 });
    }
  });
  return marks;
}

const spanOf = (span: { startBeats: number; endBeats: number }) => ({
  startBeats: span.startBeats,
  endBeats: span.endBeats,
});

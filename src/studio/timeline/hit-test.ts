// What lies under a point of the canvas: the ruler (and the loop's handles in it), a clip and which
// part of it (body, edges, fade handles), or a track's empty lane. Pure, so the rules are tested
// without a canvas.

import type { StudioClip, StudioProjectState } from "../../shared/project/index.ts";
import {
  CLIP_HEADER_PX,
  EDGE_GRAB_PX,
  FADE_HANDLE_PX,
  LOOP_HANDLE_PX,
  MIN_DRAGGABLE_WIDTH_PX,
  RULER_HEIGHT,
} from "./constants.ts";
import { rowAt, rowClips, soloedLaneIndex, type TrackLayout } from "./track-layout.ts";
import { clipIndexAt } from "./visible-clips.ts";

export interface HitView {
  readonly startBeat: number;
  readonly pixelsPerBeat: number;
  readonly scrollY: number;
}

export type ClipPart = "body" | "trimStart" | "trimEnd" | "fadeIn" | "fadeOut";

export type Hit =
  | { readonly kind: "ruler"; readonly beat: number; readonly loopEdge: "start" | "end" | null }
  | {
      readonly kind: "clip";
      readonly part: ClipPart;
      readonly trackIndex: number;
      readonly clip: StudioClip;
      readonly beat: number;
      /**
       * Narrower than 4 px on screen, or a take's clip (in a lane's row, or a solo
       * lane's shown on the track's row), or the song in edit mode (it stays put, its edits run
       * on the server, and a drag over it selects the range to edit): it can be selected, not dragged.
       */
      readonly draggable: boolean;
      /** The take lane holding the clip, or null for the track's own clips. */
      readonly laneId: string | null;
    }
  | {
      readonly kind: "lane";
      readonly trackIndex: number;
      /** -1 for the track's own row, else the take lane's index. */
      readonly lane: number;
      readonly beat: number;
    }
  | { readonly kind: "none"; readonly beat: number };

function clipPart(clip: StudioClip, view: HitView, x: number, yInClip: number): ClipPart {
  const ppb = view.pixelsPerBeat;
  const x0 = (clip.startBeats - view.startBeat) * ppb;
  const width = (clip.endBeats - clip.startBeats) * ppb;
  if (
    width >= 3 * FADE_HANDLE_PX &&
    yInClip >= CLIP_HEADER_PX - 2 &&
    yInClip <= CLIP_HEADER_PX + FADE_HANDLE_PX + 2
  ) {
    const fadeInX = x0 + clip.fadeInBeats * ppb;
    const fadeOutX = x0 + width - clip.fadeOutBeats * ppb;
    const reach = FADE_HANDLE_PX / 2 + 2;
    if (Math.abs(x - fadeInX) <= reach && x - x0 > EDGE_GRAB_PX / 2) return "fadeIn";
    if (Math.abs(x - fadeOutX) <= reach && x0 + width - x > EDGE_GRAB_PX / 2) return "fadeOut";
  }
  const grab = Math.min(EDGE_GRAB_PX, width / 3);
  if (x - x0 <= grab) return "trimStart";
  if (x0 + width - x <= grab) return "trimEnd";
  return "body";
}

export function hitTest(
  project: StudioProjectState,
  layout: TrackLayout,
  view: HitView,
  x: number,
  y: number,
): Hit {
  const beat = view.startBeat + x / view.pixelsPerBeat;
  if (y < RULER_HEIGHT) {
    const { loop } = project;
    const near = (edge: number) =>
      Math.abs((edge - view.startBeat) * view.pixelsPerBeat - x) <= LOOP_HANDLE_PX;
    const loopEdge = near(loop.startBeats) ? "start" : near(loop.endBeats) ? "end" : null;
    return { kind: "ruler", beat, loopEdge };
  }
  const trackY = y - RULER_HEIGHT + view.scrollY;
  const row = rowAt(layout, trackY);
  if (row === null) return { kind: "none", beat };
  const { trackIndex, lane } = row;
  const track = layout.tracks[trackIndex];
  const clips = rowClips(track, lane);
  const index = clipIndexAt(clips, beat);
  if (index < 0) return { kind: "lane", trackIndex, lane, beat };
  const clip = clips[index];
  const laneIndex = lane >= 0 ? lane : soloedLaneIndex(track);
  const laneId = laneIndex >= 0 ? (track.takeLanes[laneIndex]?.id ?? null) : null;
  const width = (clip.endBeats - clip.startBeats) * view.pixelsPerBeat;
  const draggable = laneId === null && width >= MIN_DRAGGABLE_WIDTH_PX && project.editClipId === null;
  const part = draggable ? clipPart(clip, view, x, trackY - row.top) : "body";
  return { kind: "clip", part, trackIndex, clip, beat, draggable, laneId };
}

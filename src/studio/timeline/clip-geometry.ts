// Where a clip's parts go on the canvas, in pixels from the clip's start: a pure function of the
// clip and the frame, so the view's drawing code only places what this says.

import type { MarkersRegistry, StudioClip } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import { CLIP_HEADER_PX } from "./constants.ts";
import type { TimelinePalette } from "./palette.ts";

/**
 * Where a clip is drawn. Views live in the timeline's scrolled layer, in pixels from `originBeat`;
 * only the part inside the drawn window (the view and some margin) is laid out, so scrolling
 * within the window moves the layer and redraws nothing.
 */
export interface ClipFrame {
  readonly top: number;
  readonly height: number;
  readonly pixelsPerBeat: number;
  readonly originBeat: number;
  readonly windowStart: number;
  readonly windowEnd: number;
  readonly tempo: TempoMap;
  /** The project's shared warp marker lists, for warped clips' waveforms. */
  readonly registry: MarkersRegistry;
  readonly palette: TimelinePalette;
}

export interface ClipBox {
  /** The clip's start, in the layer's pixels. */
  readonly x: number;
  readonly width: number;
  readonly height: number;
  /** The height under the name band: where waveform, fades and loop marks go. */
  readonly inner: number;
  /** The laid-out part, from the clip's start: inside the drawn window, 2 px more either side. */
  readonly left: number;
  readonly right: number;
  readonly shown: number;
}

/** The clip's box at least 1 px wide and 4 px high; only the part inside the drawn window is laid out, so huge clips stay precise. */
export function clipBox(clip: StudioClip, frame: ClipFrame): ClipBox {
  const { pixelsPerBeat } = frame;
  const width = Math.max(1, (clip.endBeats - clip.startBeats) * pixelsPerBeat);
  const height = Math.max(4, frame.height - 1);
  const left = Math.max(0, (frame.windowStart - clip.startBeats) * pixelsPerBeat - 2);
  const right = Math.min(width, (frame.windowEnd - clip.startBeats) * pixelsPerBeat + 2);
  return {
    x: (clip.startBeats - frame.originBeat) * pixelsPerBeat,
    width,
    height,
    inner: Math.max(0, height - CLIP_HEADER_PX),
    left,
    right,
    shown: Math.max(0, right - left),
  };
}

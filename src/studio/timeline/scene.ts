// What every layer of the timeline draws against: the window the scene is laid out for, and the
// project's track layout. Laid out again only when something changed (see timeline-renderer.ts).

import type { TimelinePalette } from "./palette.ts";
import type { TrackLayout } from "./track-layout.ts";

/** The part of the timeline the scene is laid out for. */
export interface DrawnWindow {
  readonly startBeat: number;
  readonly endBeat: number;
  readonly firstTrack: number;
  readonly lastTrack: number;
  readonly pixelsPerBeat: number;
  readonly width: number;
  readonly height: number;
}

export interface Scene {
  readonly window: DrawnWindow;
  /** The beat at x = 0 of the scrolled layers: the window's start, never before the timeline's. */
  readonly origin: number;
  readonly layout: TrackLayout;
  readonly palette: TimelinePalette;
  /** Ids of the selected tracks. */
  readonly selected: ReadonlySet<string>;
  /** The height of all tracks, take lanes included. */
  readonly total: number;
}

/** The x of a beat in the scrolled layers. */
export const sceneX = (scene: Scene, beat: number): number =>
  (beat - scene.origin) * scene.window.pixelsPerBeat;

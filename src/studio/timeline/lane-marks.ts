// What the timeline draws of a track's clip creation intents: each as a band over
// its span in the track's own row. (Take lanes have rows of their own: see track-layout.ts.) Pure:
// rectangles in beats and pixels from the track's top.

import type { Track } from "../../shared/project/index.ts";

export interface LaneMark {
  readonly kind: "intent";
  readonly startBeats: number;
  readonly endBeats: number;
  /** From the track's top. */
  readonly y: number;
  readonly height: number;
}

export function laneMarks(track: Track, fromBeat: number, toBeat: number): LaneMark[] {
  const marks: LaneMark[] = [];
  for (const intent of track.clipCreationIntents) {
    if (intent.endBeats > fromBeat && intent.startBeats < toBeat) {
      marks.push({
        kind: "intent",
        startBeats: intent.startBeats,
        endBeats: intent.endBeats,
        y: 0,
        height: track.height - 1,
      });
    }
  }
  return marks;
}

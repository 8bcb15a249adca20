// The project cut to its loop range for a loop mixdown: every clip cropped to the range and moved
// so the range starts at 0, the tempo moved with it.

import type { StudioProjectState, TempoPoint, Track } from "../../shared/project/index.ts";
import { beats } from "../../shared/time.ts";
import { bpsAt } from "../../shared/timing/tempo-map.ts";
import { cropClip, shiftClip } from "../editing/clip-geometry.ts";
import { tempoOf } from "../timeline/project-geometry.ts";

export type ExportRange = "project" | "loop";

function cropTrack(track: Track, from: number, to: number): Track {
  const crop = (clips: Track["clips"]) =>
    clips.flatMap((clip) => {
      const part = cropClip(clip, from, to);
      return part === null ? [] : [shiftClip(part, -from)];
    });
  return {
    ...track,
    clips: crop(track.clips),
    clipCreationIntents: [],
    takeLanes: track.takeLanes.map((lane) => ({ ...lane, clips: crop(lane.clips), clipCreationIntents: [] })),
  };
}

export function loopRangeOf(state: StudioProjectState): { from: number; to: number } | null {
  const { startBeats, endBeats } = state.loop;
  return endBeats > startBeats ? { from: Math.max(0, startBeats), to: endBeats } : null;
}

/** The state an export renders: the whole project, or only its loop range starting at 0. */
export function stateForRange(state: StudioProjectState, range: ExportRange): StudioProjectState {
  if (range === "project") return state;
  const loop = loopRangeOf(state);
  if (loop === null) return state;
  const { from, to } = loop;
  const { timing } = state;
  let bpsAutomation: TempoPoint[] = timing.bpsAutomation;
  if (bpsAutomation.length > 0) {
    const start = bpsAt(tempoOf(state), beats(from));
    bpsAutomation = [
      { beats: 0, bps: start },
      ...bpsAutomation
        .filter((point) => point.beats > from)
        .map((point) => ({ ...point, beats: point.beats - from })),
    ];
  }
  return {
    ...state,
    songFadeInBeats: 0,
    songFadeOutBeats: 0,
    timing: { ...timing, bpsAutomation },
    loop: { ...state.loop, enabled: false, startBeats: 0, endBeats: to - from },
    tracks: state.tracks.map((track) => cropTrack(track, from, to)),
  };
}

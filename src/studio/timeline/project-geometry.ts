// The track layout and tempo map of a project, computed once per tracks array and timing object
// and shared by the drawing and the pointer handling.

import type { ProjectTiming, StudioProjectState, Track } from "../../shared/project/index.ts";
import { createTempoMap, type TempoMap } from "../../shared/timing/tempo-map.ts";
import { layoutTracks, type TrackLayout } from "./track-layout.ts";

const layouts = new WeakMap<readonly Track[], TrackLayout>();
const tempos = new WeakMap<ProjectTiming, TempoMap>();

export function layoutOf(project: StudioProjectState): TrackLayout {
  let layout = layouts.get(project.tracks);
  if (layout === undefined) {
    layout = layoutTracks(project.tracks);
    layouts.set(project.tracks, layout);
  }
  return layout;
}

export function tempoOf(project: StudioProjectState): TempoMap {
  let tempo = tempos.get(project.timing);
  if (tempo === undefined) {
    tempo = createTempoMap(project.timing);
    tempos.set(project.timing, tempo);
  }
  return tempo;
}

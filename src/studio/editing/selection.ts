import type { Selection, StudioProjectState } from "../../shared/project/index.ts";
import { type Beats, beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, secondsToBeats, type TempoMap } from "../../shared/timing/tempo-map.ts";
import { BEAT_EPSILON } from "./clip-geometry.ts";

/** The selection grid: selection edges snap to whole multiples of 0.2 s. */
export const SELECTION_QUANTUM_SECONDS = 0.2;
/** A drag narrower than this on screen is a click, and clears the range. */
export const MIN_SELECTION_WIDTH_PX = 10;

export interface BeatRange {
  readonly start: Beats;
  readonly end: Beats;
}

/** The selected range in time order (anchor and focus may come either way round). */
export const selectionRange = (selection: Selection): BeatRange => ({
  start: beats(Math.min(selection.anchorBeats, selection.focusBeats)),
  end: beats(Math.max(selection.anchorBeats, selection.focusBeats)),
});

export const isSelectionEmpty = (selection: Selection): boolean =>
  Math.abs(selection.focusBeats - selection.anchorBeats) <= BEAT_EPSILON;

/** The selected tracks that exist, in the order they are shown. */
export function selectedTrackIds(state: StudioProjectState): string[] {
  const selected = new Set(state.selection.trackIds);
  return state.tracks.filter((track) => selected.has(track.id)).map((track) => track.id);
}

/** Where the last clip or creation intent on any track ends; 0 for an empty project. */
export function contentEndBeats(state: StudioProjectState): Beats {
  let end = 0;
  for (const track of state.tracks) {
    for (const item of [...track.clips, ...track.clipCreationIntents]) end = Math.max(end, item.endBeats);
  }
  return beats(end);
}

/** Ctrl+A: every track, from the start to the end of the content. */
export function selectAll(state: StudioProjectState): StudioProjectState {
  const trackIds = state.tracks.map((track) => track.id);
  const focused = state.selection.focusedTrackId;
  const focusedTrackId = focused !== null && trackIds.includes(focused) ? focused : (trackIds[0] ?? null);
  return {
    ...state,
    selection: {
      ...state.selection,
      trackIds,
      focusedTrackId,
      anchorBeats: 0,
      focusBeats: contentEndBeats(state),
    },
  };
}

/** The beat nearest a position that falls on the 0.2 s selection grid, through the project's tempo. */
export function quantizeSelectionBeats(map: TempoMap, position: Beats): Beats {
  const time = beatsToSeconds(map, position);
  return secondsToBeats(
    map,
    seconds(Math.round(time / SELECTION_QUANTUM_SECONDS) * SELECTION_QUANTUM_SECONDS),
  );
}

export const quantizeSelection = (selection: Selection, map: TempoMap): Selection => ({
  ...selection,
  anchorBeats: quantizeSelectionBeats(map, beats(selection.anchorBeats)),
  focusBeats: quantizeSelectionBeats(map, beats(selection.focusBeats)),
});

/** A range narrower than the minimum width at this zoom collapses to its anchor, where the click was. */
export function dropNarrowSelection(selection: Selection, pixelsPerBeat: number): Selection {
  const width = Math.abs(selection.focusBeats - selection.anchorBeats) * pixelsPerBeat;
  return width > 0 && width < MIN_SELECTION_WIDTH_PX
    ? { ...selection, focusBeats: selection.anchorBeats }
    : selection;
}

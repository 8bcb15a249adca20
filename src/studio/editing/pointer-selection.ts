// Selection changes made with the pointer: clicks and range drags on the timeline, clicks on track
// headers. Quantising and the narrow-drag rule come from the editing module.

import type { StudioProjectState } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import { dropNarrowSelection, quantizeSelection } from "./selection.ts";

export interface RangeSelection {
  readonly trackIds: readonly string[];
  readonly focusedTrackId: string | null;
  readonly anchorBeats: number;
  readonly focusBeats: number;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * Selects a time range on tracks, quantised to the 0.2 s grid; a range narrower than 10 px at this
 * zoom collapses to where it started.
 */
export function selectRange(
  state: StudioProjectState,
  range: RangeSelection,
  tempo: TempoMap,
  pixelsPerBeat: number,
): StudioProjectState {
  const quantized = quantizeSelection(
    {
      ...state.selection,
      trackIds: [...range.trackIds],
      focusedTrackId: range.focusedTrackId,
      anchorBeats: range.anchorBeats,
      focusBeats: range.focusBeats,
      focusedArea: "timeline",
    },
    tempo,
  );
  const selection = dropNarrowSelection(quantized, pixelsPerBeat);
  const current = state.selection;
  if (
    sameIds(current.trackIds, selection.trackIds) &&
    current.focusedTrackId === selection.focusedTrackId &&
    current.anchorBeats === selection.anchorBeats &&
    current.focusBeats === selection.focusBeats &&
    current.focusedArea === selection.focusedArea
  ) {
    return state;
  }
  return { ...state, selection };
}

/** A click on a track header: that track (added to the others with a modifier), in the tracks area. */
export function selectTrack(
  state: StudioProjectState,
  trackId: string,
  additive: boolean,
): StudioProjectState {
  const current = state.selection.trackIds;
  const trackIds = additive
    ? current.includes(trackId)
      ? current.filter((id) => id !== trackId)
      : [...current, trackId]
    : [trackId];
  return {
    ...state,
    selection: {
      ...state.selection,
      trackIds,
      focusedTrackId: trackIds.includes(trackId) ? trackId : (trackIds[0] ?? null),
      focusedArea: "tracks",
    },
  };
}

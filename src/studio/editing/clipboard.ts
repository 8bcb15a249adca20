import type { MarkersRegistry, StudioClip, StudioProjectState, Track } from "../../shared/project/index.ts";
import { clearRange, cropClip, shiftClip } from "./clip-geometry.ts";
import { collapseSelection, removeRange } from "./delete-range.ts";
import { changed, type EditResult, refused } from "./edit-result.ts";
import { type NewId, randomId } from "./ids.ts";
import { byStart } from "./project-updates.ts";
import { isSelectionEmpty, selectedTrackIds, selectionRange } from "./selection.ts";
import { deleteSelectedTracks, isOneTrackMode } from "./tracks.ts";

export const NOTHING_TO_PASTE_MESSAGE = "Nothing to paste: copy or cut a range or tracks first.";
export const NO_PASTE_TRACK_MESSAGE = "Select a track to paste into.";
export const ONE_TRACK_MODE_ADD_MESSAGE = "Tracks cannot be added in one-track mode.";

/**
 * A copied time range: per track from the first selected to the last, the clips inside the range
 * counted from its start, or null for a track in between that was not selected (a paste leaves the
 * track there alone, so the copied tracks keep their layout).
 */
export interface RangeClipboard {
  readonly kind: "range";
  readonly lengthBeats: number;
  readonly tracks: readonly (readonly StudioClip[] | null)[];
  /** The shared warp marker lists the clips name, so that they can be pasted into another project. */
  readonly markers: MarkersRegistry;
}

export interface TracksClipboard {
  readonly kind: "tracks";
  readonly tracks: readonly Track[];
  readonly markers: MarkersRegistry;
}

export type Clipboard = RangeClipboard | TracksClipboard;

function markersOf(state: StudioProjectState, clips: readonly StudioClip[]): MarkersRegistry {
  const markers: MarkersRegistry = {};
  for (const { warp } of clips) {
    if (typeof warp.markers === "string" && warp.markers in state.markersRegistry) {
      markers[warp.markers] = state.markersRegistry[warp.markers];
    }
  }
  return markers;
}

const clipsOfTrack = (track: Track): StudioClip[] => [
  ...track.clips,
  ...track.takeLanes.flatMap((lane) => lane.clips),
];

/**
 * Ctrl+C: in the tracks area the selected tracks, in the timeline the selected range of the selected
 * tracks. Null when nothing is selected.
 */
export function copy(state: StudioProjectState): Clipboard | null {
  const selected = new Set(selectedTrackIds(state));
  if (selected.size === 0) return null;
  if (state.selection.focusedArea === "tracks") {
    const tracks = state.tracks.filter((track) => selected.has(track.id));
    return { kind: "tracks", tracks, markers: markersOf(state, tracks.flatMap(clipsOfTrack)) };
  }
  if (isSelectionEmpty(state.selection)) return null;
  const { start, end } = selectionRange(state.selection);
  const first = state.tracks.findIndex((track) => selected.has(track.id));
  const last = state.tracks.findLastIndex((track) => selected.has(track.id));
  const tracks = state.tracks.slice(first, last + 1).map((track) =>
    selected.has(track.id)
      ? track.clips.flatMap((clip) => {
          const part = cropClip(clip, start, end);
          return part === null ? [] : [shiftClip(part, -start)];
        })
      : null,
  );
  const clips = tracks.flatMap((clips) => clips ?? []);
  return { kind: "range", lengthBeats: end - start, tracks, markers: markersOf(state, clips) };
}

export interface CutResult extends EditResult {
  /** What was cut; null when nothing was, and the clipboard should keep what it had. */
  readonly clipboard: Clipboard | null;
}

/**
 * Ctrl+X: copies, then removes what was copied. A cut range leaves its gap open (unlike Delete), so
 * pasting it back where it was restores the arrangement.
 */
export function cut(state: StudioProjectState, newId: NewId = randomId): CutResult {
  const clipboard = copy(state);
  if (clipboard === null) return { ...refused(state), clipboard };
  if (clipboard.kind === "tracks") {
    const result = deleteSelectedTracks(state);
    return { ...result, clipboard: result.state === state ? null : clipboard };
  }
  const { start, end } = selectionRange(state.selection);
  const next = removeRange(state, selectedTrackIds(state), start, end, false, newId);
  return { ...changed(next === state ? state : collapseSelection(next, start)), clipboard };
}

const withNewId = <T extends { id: string }>(item: T, newId: NewId): T => ({ ...item, id: newId() });

/**
 * A copy of a track under new ids, its lanes' and clips' too. Creation intents stay behind: their
 * pending generations deliver to the original.
 */
function copyTrack(track: Track, newId: NewId): Track {
  const id = newId();
  const laneIds = new Map(track.takeLanes.map((lane) => [lane.id, newId()]));
  return {
    ...track,
    id,
    clips: track.clips.map((clip) => withNewId(clip, newId)),
    clipCreationIntents: [],
    takeLanes: track.takeLanes.map((lane) => ({
      ...lane,
      id: laneIds.get(lane.id) ?? newId(),
      clips: lane.clips.map((clip) => withNewId(clip, newId)),
      clipCreationIntents: [],
    })),
    soloTakeLaneId: track.soloTakeLaneId === null ? null : (laneIds.get(track.soloTakeLaneId) ?? null),
  };
}

function withMarkers(state: StudioProjectState, markers: MarkersRegistry): StudioProjectState {
  const missing = Object.keys(markers).filter((hash) => !(hash in state.markersRegistry));
  if (missing.length === 0) return state;
  return { ...state, markersRegistry: { ...state.markersRegistry, ...markers } };
}

/** Lays the range over the tracks from the first selected one down, replacing what was there. */
function pasteRange(state: StudioProjectState, clipboard: RangeClipboard, newId: NewId): EditResult {
  const selected = new Set(selectedTrackIds(state));
  const first = state.tracks.findIndex((track) => selected.has(track.id));
  if (first < 0) return refused(state, NO_PASTE_TRACK_MESSAGE);
  const at = selectionRange(state.selection).start;
  const to = at + clipboard.lengthBeats;
  const pastedIds: string[] = [];
  const tracks = state.tracks.map((track, index) => {
    const clips = clipboard.tracks[index - first];
    if (clips === undefined || clips === null) return track;
    pastedIds.push(track.id);
    const placed = clips.map((clip) => withNewId(shiftClip(clip, at), newId));
    return { ...track, clips: byStart([...clearRange(track.clips, at, to, newId), ...placed]) };
  });
  const focused = state.selection.focusedTrackId;
  const selection = {
    ...state.selection,
    trackIds: pastedIds,
    focusedTrackId: focused !== null && pastedIds.includes(focused) ? focused : pastedIds[0],
    anchorBeats: to,
    focusBeats: to,
  };
  return changed(withMarkers({ ...state, tracks, selection }, clipboard.markers));
}

/** Inserts copies of the tracks after the last selected track (at the end when none is) and selects them. */
function pasteTracks(state: StudioProjectState, clipboard: TracksClipboard, newId: NewId): EditResult {
  if (isOneTrackMode(state)) return refused(state, ONE_TRACK_MODE_ADD_MESSAGE);
  const copies = clipboard.tracks.map((track) => copyTrack(track, newId));
  const last = selectedTrackIds(state).at(-1);
  const index =
    last === undefined ? state.tracks.length : state.tracks.findIndex((track) => track.id === last) + 1;
  const trackIds = copies.map((track) => track.id);
  return changed(
    withMarkers(
      {
        ...state,
        tracks: state.tracks.toSpliced(index, 0, ...copies),
        selection: {
          ...state.selection,
          trackIds,
          focusedTrackId: trackIds[0] ?? null,
          focusedArea: "tracks",
        },
      },
      clipboard.markers,
    ),
  );
}

/**
 * Ctrl+V. A range is pasted at the start of the selection and leaves the cursor at its end, so
 * pasting again continues after it; every pasted clip and track gets a new id.
 */
export function paste(
  state: StudioProjectState,
  clipboard: Clipboard | null,
  newId: NewId = randomId,
): EditResult {
  if (clipboard === null) return refused(state, NOTHING_TO_PASTE_MESSAGE);
  return clipboard.kind === "range"
    ? pasteRange(state, clipboard, newId)
    : pasteTracks(state, clipboard, newId);
}

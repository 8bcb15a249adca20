import type {
  ClipCreationIntent,
  StudioClip,
  StudioProjectState,
  Track,
} from "../../shared/project/index.ts";
import type { Beats } from "../../shared/time.ts";
import { BEAT_EPSILON, clearRange, overlaps, shiftClip, shiftIntent, splitClipsAt } from "./clip-geometry.ts";
import { changed, type EditResult, refused } from "./edit-result.ts";
import { type NewId, randomId } from "./ids.ts";
import { mapTracks, markUsed, updateTrack } from "./project-updates.ts";
import { isSelectionEmpty, selectedTrackIds, selectionRange } from "./selection.ts";
import { deleteSelectedTracks } from "./tracks.ts";

export interface IntentRef {
  readonly trackId: string;
  readonly intentId: string;
}

/**
 * The clip creation intent the selection picks out: one on a selected track whose range holds the
 * whole selected range (a click inside it selects it).
 */
export function selectedCreationIntent(state: StudioProjectState): IntentRef | null {
  const { start, end } = selectionRange(state.selection);
  for (const trackId of selectedTrackIds(state)) {
    const track = state.tracks.find((candidate) => candidate.id === trackId);
    const intent = track?.clipCreationIntents.find(
      (candidate) => candidate.startBeats <= start + BEAT_EPSILON && candidate.endBeats >= end - BEAT_EPSILON,
    );
    if (intent !== undefined) return { trackId, intentId: intent.id };
  }
  return null;
}

export const removeCreationIntent = (state: StudioProjectState, ref: IntentRef): StudioProjectState =>
  updateTrack(state, ref.trackId, (track) => ({
    ...track,
    clipCreationIntents: track.clipCreationIntents.filter((intent) => intent.id !== ref.intentId),
  }));

function shiftFrom<T extends { startBeats: number }>(
  items: T[],
  from: number,
  delta: number,
  shift: (item: T, delta: number) => T,
): T[] {
  if (!items.some((item) => item.startBeats >= from - BEAT_EPSILON)) return items;
  return items.map((item) => (item.startBeats >= from - BEAT_EPSILON ? shift(item, delta) : item));
}

/** Pending generations are tied to their range, so one partly deleted is dropped whole. */
function intentsOutside(intents: ClipCreationIntent[], from: number, to: number): ClipCreationIntent[] {
  const kept = intents.filter((intent) => !overlaps(intent, from, to));
  return kept.length === intents.length ? intents : kept;
}

interface Lane {
  clips: StudioClip[];
  clipCreationIntents: ClipCreationIntent[];
}

function cutLane<L extends Lane>(lane: L, from: number, to: number, ripple: boolean, newId: NewId): L {
  let clips = clearRange(lane.clips, from, to, newId);
  let intents = intentsOutside(lane.clipCreationIntents, from, to);
  if (ripple) {
    clips = shiftFrom(clips, to, from - to, shiftClip);
    intents = shiftFrom(intents, to, from - to, shiftIntent);
  }
  return clips === lane.clips && intents === lane.clipCreationIntents
    ? lane
    : { ...lane, clips, clipCreationIntents: intents };
}

/** A ripple closes the gap in the track's take lanes too, so they stay lined up with the track. */
function cutTrack(track: Track, from: number, to: number, ripple: boolean, newId: NewId): Track {
  const cut = cutLane(track, from, to, ripple, newId);
  if (!ripple) return cut;
  const takeLanes = track.takeLanes.map((lane) => cutLane(lane, from, to, true, newId));
  return takeLanes.every((lane, index) => lane === track.takeLanes[index]) ? cut : { ...cut, takeLanes };
}

/**
 * Removes start..end from the given tracks' clips, closing the gap when rippling, and sets
 * usedDelete. A range with start equal to end is a split there instead, and sets usedSplit.
 */
export function removeRange(
  state: StudioProjectState,
  trackIds: readonly string[],
  start: Beats,
  end: Beats,
  ripple: boolean,
  newId: NewId = randomId,
): StudioProjectState {
  const targets = new Set(trackIds);
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  const isSplit = to - from <= BEAT_EPSILON;
  const next = mapTracks(state, (track) => {
    if (!targets.has(track.id)) return track;
    if (!isSplit) return cutTrack(track, from, to, ripple, newId);
    const clips = splitClipsAt(track.clips, from, newId);
    return clips === track.clips ? track : { ...track, clips };
  });
  return next === state ? state : markUsed(next, isSplit ? "usedSplit" : "usedDelete");
}

export const collapseSelection = (state: StudioProjectState, at: Beats): StudioProjectState => ({
  ...state,
  selection: { ...state.selection, anchorBeats: at, focusBeats: at },
});

/**
 * Backspace / Delete. In the tracks area it deletes the selected tracks. In the timeline it removes
 * a selected creation intent, or else ripple-deletes the selected range on the selected tracks and
 * leaves the cursor at its start. An empty selection does nothing.
 */
export function deleteSelection(state: StudioProjectState, newId: NewId = randomId): EditResult {
  if (state.selection.focusedArea === "tracks") return deleteSelectedTracks(state);
  if (isSelectionEmpty(state.selection)) return refused(state);
  const intent = selectedCreationIntent(state);
  if (intent !== null) return changed(removeCreationIntent(state, intent));
  const { start, end } = selectionRange(state.selection);
  const next = removeRange(state, selectedTrackIds(state), start, end, true, newId);
  return next === state ? refused(state) : changed(collapseSelection(next, start));
}

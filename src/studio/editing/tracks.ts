import type { ProjectTiming, StudioProjectState } from "../../shared/project/index.ts";
import { changed, type EditResult, refused } from "./edit-result.ts";
import { mapTracks, markUsed } from "./project-updates.ts";
import { selectedTrackIds } from "./selection.ts";

export const ONE_TRACK_MODE_DELETE_MESSAGE = "The last track cannot be deleted in one-track mode.";

/** Edit mode works on one song, so the studio keeps exactly one track there. */
export const isOneTrackMode = (state: StudioProjectState): boolean => state.editClipId !== null;

/**
 * Ctrl+Up / Ctrl+Down: every selected track moves one place, keeping their order among themselves.
 * When one of them is already at the edge none moves, so a block never changes shape.
 */
export function moveSelectedTracks(state: StudioProjectState, direction: "up" | "down"): StudioProjectState {
  const selected = new Set(selectedTrackIds(state));
  const tracks = [...state.tracks];
  const edge = direction === "up" ? tracks[0] : tracks.at(-1);
  if (selected.size === 0 || edge === undefined || selected.has(edge.id)) return state;
  const step = direction === "up" ? -1 : 1;
  const indices = tracks.flatMap((track, index) => (selected.has(track.id) ? [index] : []));
  if (direction === "down") indices.reverse();
  for (const index of indices) {
    [tracks[index], tracks[index + step]] = [tracks[index + step], tracks[index]];
  }
  return markUsed({ ...state, tracks }, "usedReorder");
}

/** 0: mutes every track, or unmutes them all when all are muted already. */
export function muteAll(state: StudioProjectState): StudioProjectState {
  const mute = !state.tracks.every((track) => track.mute);
  return mapTracks(state, (track) => (track.mute === mute ? track : { ...track, mute }));
}

/** c */
export const toggleMetronome = (state: StudioProjectState): StudioProjectState => ({
  ...state,
  metronome: { ...state.metronome, enabled: !state.metronome.enabled },
});

/** A timing that followed a deleted track keeps its last tempo as a manual one. */
function timingWithout(timing: ProjectTiming, deleted: ReadonlySet<string>): ProjectTiming {
  if (timing.type !== "track" || !deleted.has(timing.trackId)) return timing;
  return { type: "manual", bps: timing.bps, bpsAutomation: timing.bpsAutomation };
}

/**
 * Deletes the selected tracks; the track that takes the first one's place (or the new last track)
 * becomes the selection. Refused in one-track mode when it would leave no track.
 */
export function deleteSelectedTracks(state: StudioProjectState): EditResult {
  const deleted = new Set(selectedTrackIds(state));
  if (deleted.size === 0) return refused(state);
  const tracks = state.tracks.filter((track) => !deleted.has(track.id));
  if (tracks.length === 0 && isOneTrackMode(state)) return refused(state, ONE_TRACK_MODE_DELETE_MESSAGE);
  const firstDeleted = state.tracks.findIndex((track) => deleted.has(track.id));
  const neighbour = tracks[Math.min(firstDeleted, tracks.length - 1)];
  return changed(
    markUsed(
      {
        ...state,
        timing: timingWithout(state.timing, deleted),
        tracks,
        selection: {
          ...state.selection,
          trackIds: neighbour === undefined ? [] : [neighbour.id],
          focusedTrackId: neighbour?.id ?? null,
        },
      },
      "usedDelete",
    ),
  );
}

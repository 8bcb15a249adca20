// Beat analysis of a song clip: its studio clips are marked for
// warping and wait; markers follow the downbeats as they arrive; the final frame ends the wait.

import type { NumberedBeat } from "../../shared/beats/beats-result.ts";
import type { StudioClip, StudioProjectState, WarpMarker } from "../../shared/project/index.ts";

/**
 * One marker per beat, counted so that beats numbered 1 (downbeats) fall on whole bars of the
 * clip's content: a clip whose first beat is its third lands that beat on content beat 2.
 */
export function warpMarkersFromDownbeats(downbeats: readonly NumberedBeat[]): WarpMarker[] {
  if (downbeats.length === 0) return [];
  const first = downbeats[0][1] - 1;
  return downbeats.map(([seconds], index) => ({ beats: first + index, seconds }));
}

/** Changes every clip playing a song clip, on tracks and in take lanes; the same state when none does. */
function updateSongClips(
  state: StudioProjectState,
  songClipId: string,
  update: (clip: StudioClip) => StudioClip,
): StudioProjectState {
  let changed = false;
  const apply = (clips: readonly StudioClip[]): StudioClip[] =>
    clips.map((clip) => {
      if (clip.clipId !== songClipId) return clip;
      const next = update(clip);
      if (next !== clip) changed = true;
      return next;
    });
  const tracks = state.tracks.map((track) => ({
    ...track,
    clips: apply(track.clips),
    takeLanes: track.takeLanes.map((lane) => ({ ...lane, clips: apply(lane.clips) })),
  }));
  return changed ? { ...state, tracks } : state;
}

/** The song clip's studio clips go On Beat and wait for markers; they play as they are meanwhile. */
export const markAwaitingAnalysis = (state: StudioProjectState, songClipId: string): StudioProjectState =>
  updateSongClips(state, songClipId, (clip) =>
    clip.warp.awaitingAnalysis
      ? clip
      : { ...clip, warp: { ...clip.warp, enabled: true, awaitingAnalysis: true, markers: [] } },
  );

/**
 * The downbeats so far become the waiting clips' markers; with `final` they stop waiting, and a
 * clip left with no beats at all plays at its own tempo (Original) instead.
 */
export function applyClipDownbeats(
  state: StudioProjectState,
  songClipId: string,
  downbeats: readonly NumberedBeat[],
  final: boolean,
): StudioProjectState {
  const markers = warpMarkersFromDownbeats(downbeats);
  return updateSongClips(state, songClipId, (clip) => {
    if (!clip.warp.awaitingAnalysis) return clip;
    const enabled = !final || markers.length > 0;
    return { ...clip, warp: { ...clip.warp, enabled, awaitingAnalysis: !final, markers } };
  });
}

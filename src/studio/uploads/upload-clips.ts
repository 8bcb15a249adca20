// Clips placed for an upload that will never be a song clip (cancelled, or refused as invalid):
// they go, with no trace in the history, so the project is not left half-edited.

import type { StudioProjectState } from "../../shared/project/index.ts";

export function removeUploadClips(state: StudioProjectState, uploadId: string): StudioProjectState {
  if (!state.tracks.some((track) => track.clips.some((clip) => clip.uploadId === uploadId))) return state;
  return {
    ...state,
    tracks: state.tracks.map((track) =>
      track.clips.some((clip) => clip.uploadId === uploadId)
        ? { ...track, clips: track.clips.filter((clip) => clip.uploadId !== uploadId) }
        : track,
    ),
  };
}

// Clip edits the editing module does not have: colour, tempo mode, and placing clips made from
// uploads (and pointing them at their song clip once the server has made one).

import { newClip, type StudioClip, type StudioProjectState } from "../../shared/project/index.ts";
import { clearRange } from "./clip-geometry.ts";
import { byStart, type ClipRef, updateClip, updateTrack } from "./project-updates.ts";

/** A CSS colour, or null for the track's own. */
export const setClipColor = (
  state: StudioProjectState,
  ref: ClipRef,
  color: string | null,
): StudioProjectState => updateClip(state, ref, (clip) => (clip.color === color ? clip : { ...clip, color }));

export type ClipTempoMode = "onBeat" | "original";

/** "On Beat" warps the clip to the project tempo; "Original" plays it at its own. */
export const clipTempoMode = (clip: StudioClip): ClipTempoMode => (clip.warp.enabled ? "onBeat" : "original");

export const setClipTempoMode = (
  state: StudioProjectState,
  ref: ClipRef,
  mode: ClipTempoMode,
): StudioProjectState =>
  updateClip(state, ref, (clip) => {
    const enabled = mode === "onBeat";
    return clip.warp.enabled === enabled ? clip : { ...clip, warp: { ...clip.warp, enabled } };
  });

export const setClipMute = (state: StudioProjectState, ref: ClipRef, mute: boolean): StudioProjectState =>
  updateClip(state, ref, (clip) => (clip.mute === mute ? clip : { ...clip, mute }));

export interface UploadedClipPlacement {
  readonly trackId: string;
  readonly clipId: string;
  /** The upload's id: the clip plays the audio loaded under it until it has a song clip. */
  readonly uploadId: string;
  readonly name: string;
  readonly startBeats: number;
  readonly lengthBeats: number;
}

/** Lays a clip for an upload on a track, replacing what lies under it, as a moved clip does. */
export function placeUploadedClip(
  state: StudioProjectState,
  placement: UploadedClipPlacement,
): StudioProjectState {
  const startBeats = Math.max(0, placement.startBeats);
  const clip = newClip({
    id: placement.clipId,
    uploadId: placement.uploadId,
    name: placement.name,
    startBeats,
    endBeats: startBeats + Math.max(placement.lengthBeats, 1e-3),
  });
  return updateTrack(state, placement.trackId, (track) => ({
    ...track,
    clips: byStart([
      ...clearRange(track.clips, clip.startBeats, clip.endBeats, () => crypto.randomUUID()),
      clip,
    ]),
  }));
}

/** What an upload becomes on the server: its id there and, once initialised, its song clip. */
export interface UploadIdentity {
  readonly uploadId: string;
  readonly clipId: string | null;
}

/** Renames an upload's source on every clip (splits included) that plays it; other clips are kept. */
export function reidentifyUpload(
  state: StudioProjectState,
  fromUploadId: string,
  to: UploadIdentity,
): StudioProjectState {
  let changed = false;
  const tracks = state.tracks.map((track) => {
    if (!track.clips.some((clip) => clip.uploadId === fromUploadId)) return track;
    changed = true;
    return {
      ...track,
      clips: track.clips.map((clip) =>
        clip.uploadId === fromUploadId
          ? { ...clip, uploadId: to.uploadId, clipId: to.clipId ?? clip.clipId }
          : clip,
      ),
    };
  });
  return changed ? { ...state, tracks } : state;
}

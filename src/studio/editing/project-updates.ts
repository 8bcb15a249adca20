import type { StudioClip, StudioProjectState, Track, UsageFlags } from "../../shared/project/index.ts";

/** Names a clip on a track's own timeline (not in a take lane). */
export interface ClipRef {
  readonly trackId: string;
  readonly clipId: string;
}

export type UsageFlag = keyof UsageFlags;

export const markUsed = (state: StudioProjectState, flag: UsageFlag): StudioProjectState =>
  state.metadata[flag] ? state : { ...state, metadata: { ...state.metadata, [flag]: true } };

/** Applies update to every track; returns the same state when no track changed, so no-ops stay no-ops. */
export function mapTracks(
  state: StudioProjectState,
  update: (track: Track, index: number) => Track,
): StudioProjectState {
  let changedAny = false;
  const tracks = state.tracks.map((track, index) => {
    const next = update(track, index);
    if (next !== track) changedAny = true;
    return next;
  });
  return changedAny ? { ...state, tracks } : state;
}

export const updateTrack = (
  state: StudioProjectState,
  trackId: string,
  update: (track: Track) => Track,
): StudioProjectState => mapTracks(state, (track) => (track.id === trackId ? update(track) : track));

export const findClip = (state: StudioProjectState, ref: ClipRef): StudioClip | undefined =>
  state.tracks.find((track) => track.id === ref.trackId)?.clips.find((clip) => clip.id === ref.clipId);

/** Replaces one clip; the update may return the clip itself to leave the state untouched. */
export const updateClip = (
  state: StudioProjectState,
  ref: ClipRef,
  update: (clip: StudioClip) => StudioClip,
): StudioProjectState =>
  updateTrack(state, ref.trackId, (track) => {
    const index = track.clips.findIndex((clip) => clip.id === ref.clipId);
    if (index < 0) return track;
    const next = update(track.clips[index]);
    return next === track.clips[index] ? track : { ...track, clips: track.clips.with(index, next) };
  });

export const byStart = <T extends { startBeats: number }>(items: readonly T[]): T[] =>
  items.toSorted((a, b) => a.startBeats - b.startBeats);

// Dragging clips and their edges. During a drag, compute each update from the state at the drag's
// start (see history.ts, beginGesture) with the total movement so far: the minimum length and the
// overwrite of clips under a moved clip then apply once, to the original clips.

import { clamp } from "../../shared/numbers.ts";
import type { StudioClip, StudioProjectState } from "../../shared/project/index.ts";
import type { Beats } from "../../shared/time.ts";
import { BEAT_EPSILON, clearRange, shiftClip, trimmedTo } from "./clip-geometry.ts";
import { type NewId, randomId } from "./ids.ts";
import { byStart, type ClipRef, findClip, markUsed, updateTrack } from "./project-updates.ts";

/** About 3.5 beats: a trim never makes a clip shorter than this, or than it was. */
export const MIN_TRIMMED_CLIP_BEATS = 3.5;

/**
 * Moves a clip by deltaBeats, onto another track when toTrackId says so. It cannot move before the
 * timeline's start, and it replaces what lies under it on the target track.
 */
export function moveClip(
  state: StudioProjectState,
  ref: ClipRef,
  deltaBeats: Beats,
  toTrackId: string = ref.trackId,
  newId: NewId = randomId,
): StudioProjectState {
  const clip = findClip(state, ref);
  if (clip === undefined || !state.tracks.some((track) => track.id === toTrackId)) return state;
  const delta = Math.max(deltaBeats, Math.min(0, -clip.startBeats));
  if (delta === 0 && toTrackId === ref.trackId) return state;
  const moved = shiftClip(clip, delta);
  const lifted = updateTrack(state, ref.trackId, (track) => ({
    ...track,
    clips: track.clips.filter((other) => other.id !== clip.id),
  }));
  return updateTrack(lifted, toTrackId, (track) => ({
    ...track,
    clips: byStart([...clearRange(track.clips, moved.startBeats, moved.endBeats, newId), moved]),
  }));
}

function trim(
  state: StudioProjectState,
  ref: ClipRef,
  edges: (clip: StudioClip, others: StudioClip[]) => { start: number; end: number },
): StudioProjectState {
  const next = updateTrack(state, ref.trackId, (track) => {
    const index = track.clips.findIndex((clip) => clip.id === ref.clipId);
    if (index < 0) return track;
    const clip = track.clips[index];
    const { start, end } = edges(clip, track.clips.toSpliced(index, 1));
    const trimmed = trimmedTo(clip, start, end);
    return trimmed === clip ? track : { ...track, clips: byStart(track.clips.with(index, trimmed)) };
  });
  return next === state ? state : markUsed(next, "usedCrop");
}

/**
 * Drags a clip's start; readStartBeats moves with it so the audio stays where it was. The start
 * stops at the end of the clip before, at the timeline's start, at the start of the clip's audio
 * (it had been trimmed off, not lost) and at the minimum length.
 */
export const trimClipStart = (
  state: StudioProjectState,
  ref: ClipRef,
  startBeats: Beats,
): StudioProjectState =>
  trim(state, ref, (clip, others) => {
    const length = clip.endBeats - clip.startBeats;
    const previousEnd = Math.max(
      0,
      clip.startBeats - clip.readStartBeats,
      ...others.flatMap((other) =>
        other.endBeats <= clip.startBeats + BEAT_EPSILON ? [other.endBeats] : [],
      ),
    );
    const earliest = Math.min(clip.startBeats, previousEnd);
    const latest = clip.endBeats - Math.min(MIN_TRIMMED_CLIP_BEATS, length);
    return { start: clamp(startBeats, earliest, latest), end: clip.endBeats };
  });

/**
 * Drags a clip's end. It stops at the start of the clip after and at the minimum length, and, when
 * the length of the clip's audio is given (contentBeats) and the clip does not loop, at its end.
 */
export const trimClipEnd = (
  state: StudioProjectState,
  ref: ClipRef,
  endBeats: Beats,
  contentBeats?: Beats,
): StudioProjectState =>
  trim(state, ref, (clip, others) => {
    const length = clip.endBeats - clip.startBeats;
    const audioEnd =
      contentBeats === undefined || clip.loop.enabled
        ? Number.POSITIVE_INFINITY
        : clip.startBeats - clip.readStartBeats + contentBeats;
    const nextStart = Math.min(
      audioEnd,
      ...others.flatMap((other) =>
        other.startBeats >= clip.endBeats - BEAT_EPSILON ? [other.startBeats] : [],
      ),
    );
    const earliest = clip.startBeats + Math.min(MIN_TRIMMED_CLIP_BEATS, length);
    const latest = Math.max(clip.endBeats, nextStart);
    return { start: clip.startBeats, end: clamp(endBeats, earliest, latest) };
  });

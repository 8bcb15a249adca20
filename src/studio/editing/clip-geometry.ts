// Cutting and shifting clips on a timeline. A clip's audio is anchored at timeline beat
// startBeats - readStartBeats (as the render plan reads it), so every cut moves readStartBeats with
// the start and the audio that remains plays where it played before.

import type { ClipCreationIntent, StudioClip } from "../../shared/project/index.ts";
import type { NewId } from "./ids.ts";

/** Positions closer than this are the same position (the empty-selection tolerance). */
export const BEAT_EPSILON = 1e-6;

const length = (clip: { startBeats: number; endBeats: number }): number => clip.endBeats - clip.startBeats;

/** Fades fit inside the clip, the fade-in taking precedence. */
function clampFades(clip: StudioClip): StudioClip {
  const room = Math.max(0, length(clip));
  const fadeInBeats = Math.min(clip.fadeInBeats, room);
  const fadeOutBeats = Math.min(clip.fadeOutBeats, room - fadeInBeats);
  return fadeInBeats === clip.fadeInBeats && fadeOutBeats === clip.fadeOutBeats
    ? clip
    : { ...clip, fadeInBeats, fadeOutBeats };
}

/** Moves a clip's edges (either way), keeping its audio in place and its fades as far as they fit. */
export function trimmedTo(clip: StudioClip, startBeats: number, endBeats: number): StudioClip {
  if (startBeats === clip.startBeats && endBeats === clip.endBeats) return clip;
  return clampFades({
    ...clip,
    startBeats,
    endBeats,
    readStartBeats: clip.readStartBeats + (startBeats - clip.startBeats),
  });
}

/** Cuts a clip down to startBeats..endBeats (inside it); a fade belongs to its edge, so a cut edge loses it. */
function cutTo(clip: StudioClip, startBeats: number, endBeats: number): StudioClip {
  if (startBeats === clip.startBeats && endBeats === clip.endBeats) return clip;
  return trimmedTo(
    {
      ...clip,
      fadeInBeats: startBeats > clip.startBeats ? 0 : clip.fadeInBeats,
      fadeOutBeats: endBeats < clip.endBeats ? 0 : clip.fadeOutBeats,
    },
    startBeats,
    endBeats,
  );
}

/** The part of a clip inside from..to, or null when too little of it is there. */
export function cropClip(clip: StudioClip, from: number, to: number): StudioClip | null {
  const startBeats = Math.max(clip.startBeats, from);
  const endBeats = Math.min(clip.endBeats, to);
  return endBeats - startBeats > BEAT_EPSILON ? cutTo(clip, startBeats, endBeats) : null;
}

/** Moves a clip along the timeline together with its audio. */
export const shiftClip = (clip: StudioClip, deltaBeats: number): StudioClip =>
  deltaBeats === 0
    ? clip
    : { ...clip, startBeats: clip.startBeats + deltaBeats, endBeats: clip.endBeats + deltaBeats };

export const shiftIntent = (intent: ClipCreationIntent, deltaBeats: number): ClipCreationIntent =>
  deltaBeats === 0
    ? intent
    : { ...intent, startBeats: intent.startBeats + deltaBeats, endBeats: intent.endBeats + deltaBeats };

export const overlaps = (item: { startBeats: number; endBeats: number }, from: number, to: number): boolean =>
  item.startBeats < to - BEAT_EPSILON && item.endBeats > from + BEAT_EPSILON;

/**
 * The clips with the range from..to cut out. A clip spanning the whole range becomes two, the right
 * part under a new id. Returns the same array when no clip was touched.
 */
export function clearRange(
  clips: readonly StudioClip[],
  from: number,
  to: number,
  newId: NewId,
): StudioClip[] {
  if (!clips.some((clip) => overlaps(clip, from, to))) return clips as StudioClip[];
  return clips.flatMap((clip) => {
    if (!overlaps(clip, from, to)) return [clip];
    const left = cropClip(clip, Number.NEGATIVE_INFINITY, from);
    const right = cropClip(clip, to, Number.POSITIVE_INFINITY);
    if (left !== null && right !== null) return [left, { ...right, id: newId() }];
    return [left ?? right].filter((part) => part !== null);
  });
}

/** Splits every clip that runs across the position; the right part gets a new id. */
export function splitClipsAt(clips: readonly StudioClip[], at: number, newId: NewId): StudioClip[] {
  if (!clips.some((clip) => overlaps(clip, at, at))) return clips as StudioClip[];
  return clips.flatMap((clip) => {
    if (!overlaps(clip, at, at)) return [clip];
    const left = cutTo(clip, clip.startBeats, at);
    const right = cutTo(clip, at, clip.endBeats);
    return [left, { ...right, id: newId() }];
  });
}

// How a clip's audio lines up with the timeline, as the engine plays it (render-plan.ts): the
// content is anchored at beat startBeats - readStartBeats and runs at its own rate, so a timeline
// second maps to a content second by a subtraction, folded back into the clip's loop past its end.
// A warped (On Beat) clip then maps that through its warp markers to the second of its audio.

import {
  type MarkersRegistry,
  resolveWarpMarkers,
  type StudioClip,
  type WarpMarker,
} from "../../shared/project/index.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, secondsToBeats, type TempoMap } from "../../shared/timing/tempo-map.ts";

export interface ClipTiming {
  /** The timeline second where the clip's content second 0 plays. */
  readonly anchorSeconds: number;
  /** The loop in content seconds, or null when the clip does not loop. */
  readonly loopStart: number;
  readonly loopEnd: number;
  readonly loops: boolean;
  /** A warped clip's audio: null plays it at its own rate. */
  readonly warp: ClipWarpTiming | null;
}

/**
 * Warp markers in seconds from the anchor (`at`) against seconds of audio (`source`); before the
 * first and after the last (and everywhere with none) the audio runs at `speed` times the
 * timeline's rate, as in the engine's warp map.
 */
interface ClipWarpTiming {
  readonly at: Float64Array;
  readonly source: Float64Array;
  readonly speed: number;
}

function warpTiming(
  clip: StudioClip,
  registry: MarkersRegistry,
  at: (contentBeats: number) => number,
): ClipWarpTiming | null {
  if (!clip.warp.enabled) return null;
  const markers: readonly WarpMarker[] = resolveWarpMarkers(clip.warp.markers, registry) ?? [];
  // The engine plays a clip still waiting for its first markers unwarped.
  if (clip.warp.awaitingAnalysis && markers.length === 0) return null;
  return {
    at: Float64Array.from(markers, (marker) => at(marker.beats)),
    source: Float64Array.from(markers, (marker) => marker.seconds),
    speed: clip.warp.speed,
  };
}

export function clipTiming(clip: StudioClip, tempo: TempoMap, registry: MarkersRegistry = {}): ClipTiming {
  const anchorBeats = clip.startBeats - clip.readStartBeats;
  const anchorSeconds = beatsToSeconds(tempo, beats(anchorBeats));
  const loops = clip.loop.enabled && clip.loop.endBeats > clip.loop.startBeats;
  const at = (contentBeats: number) =>
    beatsToSeconds(tempo, beats(anchorBeats + contentBeats)) - anchorSeconds;
  return {
    anchorSeconds,
    loops,
    loopStart: loops ? at(clip.loop.startBeats) : 0,
    loopEnd: loops ? at(clip.loop.endBeats) : 0,
    warp: warpTiming(clip, registry, at),
  };
}

/** The second of a warped clip's audio at `t` seconds from its anchor. */
function warpedSeconds(warp: ClipWarpTiming, t: number): number {
  const { at, source, speed } = warp;
  const last = at.length - 1;
  if (last < 0) return speed * t;
  if (t <= at[0]) return source[0] - speed * (at[0] - t);
  if (t >= at[last]) return source[last] + speed * (t - at[last]);
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (at[middle] <= t) low = middle;
    else high = middle;
  }
  return source[low] + ((t - at[low]) * (source[high] - source[low])) / (at[high] - at[low]);
}

/** The content second heard at a timeline second (for a warped clip, the second of its audio). */
export function contentSecondsAt(timing: ClipTiming, timelineSeconds: number): number {
  let content = timelineSeconds - timing.anchorSeconds;
  if (timing.loops && content >= timing.loopEnd) {
    const length = timing.loopEnd - timing.loopStart;
    content = timing.loopStart + ((content - timing.loopStart) % length);
  }
  return timing.warp === null ? content : warpedSeconds(timing.warp, content);
}

/** How long, in beats from the clip's anchor, `durationSeconds` of its content lasts: the trim limit. */
export function contentBeatsOf(clip: StudioClip, tempo: TempoMap, durationSeconds: number): number {
  const anchorBeats = clip.startBeats - clip.readStartBeats;
  const anchorSeconds = beatsToSeconds(tempo, beats(anchorBeats));
  return secondsToBeats(tempo, seconds(anchorSeconds + durationSeconds)) - anchorBeats;
}

/** The timeline beats where the clip's loop wraps, from `from` to `to` (at most `limit` of them). */
export function loopWrapBeats(
  clip: StudioClip,
  timing: ClipTiming,
  tempo: TempoMap,
  from: number,
  to: number,
  limit: number,
  out: number[],
): number {
  out.length = 0;
  if (!timing.loops) return 0;
  const length = timing.loopEnd - timing.loopStart;
  // A constant tempo (the common case) converts with a division, not a search of the tempo map.
  const bps = tempo.points.length === 1 ? tempo.pointBps[0] : 0;
  const beatOf = (time: number) => (bps > 0 ? time * bps : secondsToBeats(tempo, seconds(time)));
  const fromSeconds =
    bps > 0
      ? Math.max(from, clip.startBeats) / bps
      : beatsToSeconds(tempo, beats(Math.max(from, clip.startBeats)));
  const first = timing.anchorSeconds + timing.loopEnd;
  const skip = Math.max(0, Math.ceil((fromSeconds - first) / length));
  for (let k = skip; out.length < limit; k++) {
    const beat = beatOf(first + k * length);
    if (beat >= Math.min(to, clip.endBeats)) break;
    if (beat > clip.startBeats) out.push(beat);
  }
  return out.length;
}

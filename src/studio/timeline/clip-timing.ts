// How a clip's audio lines up with the timeline, as the engine plays it (render-plan.ts): the
// content is anchored at beat startBeats - readStartBeats and runs at its own rate, so a timeline
// second maps to a content second by a subtraction, folded back into the clip's loop past its end.

import type { StudioClip } from "../../shared/project/index.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, secondsToBeats, type TempoMap } from "../../shared/timing/tempo-map.ts";

export interface ClipTiming {
  /** The timeline second where the clip's content second 0 plays. */
  readonly anchorSeconds: number;
  /** The loop in content seconds, or null when the clip does not loop. */
  readonly loopStart: number;
  readonly loopEnd: number;
  readonly loops: boolean;
}

export function clipTiming(clip: StudioClip, tempo: TempoMap): ClipTiming {
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
  };
}

/** The content second heard at a timeline second. */
export function contentSecondsAt(timing: ClipTiming, timelineSeconds: number): number {
  const content = timelineSeconds - timing.anchorSeconds;
  if (!timing.loops || content < timing.loopEnd) return content;
  const length = timing.loopEnd - timing.loopStart;
  return timing.loopStart + ((content - timing.loopStart) % length);
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

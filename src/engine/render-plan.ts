import type { ClipSound } from "../../worklets/engine-protocol.ts";
import type {
  MarkersRegistry,
  StudioClip,
  StudioProjectState,
  Track,
  TrackEq,
  WarpMarker,
} from "../shared/project/index.ts";
import { DEFAULT_SONG_LENGTH_BEATS, resolveWarpMarkers } from "../shared/project/index.ts";
import { type Beats, beats } from "../shared/time.ts";
import { beatsToSeconds, beatTimes, createTempoMap, type TempoMap } from "../shared/timing/tempo-map.ts";

/** Where clips on a track meet, they crossfade over this many beats (the auto crossfade). */
export const AUTO_CROSSFADE_BEATS = 0.0625;
/** Clip edges closer than this meet. */
const MEET_TOLERANCE_BEATS = 1e-6;
/** The metronome is laid out this far past the song or loop end, whichever is later. */
const METRONOME_TAIL_BEATS = 64;
const BEATS_PER_BAR = 4;

/** A source as loaded into the engine: PCM already at the engine's rate. */
export interface LoadedSource {
  readonly frames: number;
}

export interface PlannedTrack {
  readonly id: string;
  readonly amplitude: number;
  readonly balance: number;
  readonly mute: boolean;
  readonly solo: boolean;
  readonly eq: TrackEq;
}

/** A clip in timeline frames at the plan's sample rate: what a clip voice reads. */
export interface PlannedClip extends ClipSound {
  readonly id: string;
  readonly trackId: string;
  readonly sourceId: string;
  /** Semitones. */
  readonly transposition: number;
  /** Warped (On Beat) clips: (timeline frame, source frame) pairs; null plays the clip unwarped (Original). */
  readonly warp: Float64Array | null;
}

/** Under tempo automation, warp maps get a point at least this often (beats): a tempo ramp bends the map. */
const WARP_GRID_BEATS = 0.125;
/** The most points one clip's warp map holds (a short loop over a long clip); beyond, points are thinned. */
const MAX_WARP_POINTS = 65_536;

export interface RenderPlan {
  readonly sampleRate: number;
  readonly tracks: readonly PlannedTrack[];
  readonly clips: readonly PlannedClip[];
  readonly master: {
    readonly amplitude: number;
    readonly songFadeInEnd: number;
    readonly songFadeOutStart: number;
    readonly songFadeOutEnd: number;
  };
  readonly loop: { readonly enabled: boolean; readonly start: number; readonly end: number };
  readonly metronome: {
    readonly enabled: boolean;
    readonly amplitude: number;
    readonly beatsPerBar: number;
    readonly beats: Float64Array;
  };
  /** The frame where the last clip ends: the length of an export. */
  readonly songEnd: number;
}

/** The source a studio clip plays: its song clip, or its upload until it has one. */
export const clipSourceId = (clip: StudioClip): string | null => clip.clipId ?? clip.uploadId;

/** The clips a track renders: a solo take lane's replace the track's own. */
export function renderedClips(track: Track): readonly StudioClip[] {
  if (track.soloTakeLaneId === null) return track.clips;
  return track.takeLanes.find((lane) => lane.id === track.soloTakeLaneId)?.clips ?? track.clips;
}

/**
 * Derives what the engine plays from the project state, as a pure function.
 * A clip's content is anchored at timeline beat (startBeats - readStartBeats).
 * Unwarped (Tempo: Original) it runs at its own rate, so its source frame for
 * timeline frame t is t - anchor; clip loop ends are in the same content beats
 * as readStartBeats. Warped (Tempo: On Beat) its warp markers pin content
 * beats to source seconds, and the plan carries a warp map from timeline
 * frames to source frames through the tempo map (see warpMap).
 */
export function buildRenderPlan(
  state: StudioProjectState,
  sources: ReadonlyMap<string, LoadedSource>,
  sampleRate: number,
): RenderPlan {
  const tempo = createTempoMap(state.timing);
  const frameAt = (position: number) => Math.round(beatsToSeconds(tempo, beats(position)) * sampleRate);

  const tracks: PlannedTrack[] = [];
  const clips: PlannedClip[] = [];
  let songEndBeats = 0;
  for (const track of state.tracks) {
    tracks.push({
      id: track.id,
      amplitude: track.amplitude,
      balance: track.balance,
      mute: track.mute,
      solo: track.solo,
      eq: track.eq,
    });
    const playable = renderedClips(track)
      // Empty clips are skipped; NaN positions are kept so that validation refuses the plan loudly.
      .filter(
        (clip) =>
          clip.resolved && !(clip.endBeats <= clip.startBeats) && sources.has(clipSourceId(clip) ?? ""),
      )
      .toSorted((a, b) => a.startBeats - b.startBeats);
    for (const clip of playable) {
      // A NaN end is left to validation, which names the clip; here it must not poison the song length.
      if (Number.isFinite(clip.endBeats)) songEndBeats = Math.max(songEndBeats, clip.endBeats);
    }
    clips.push(
      ...planTrackClips(track.id, playable, frameAt, state.markersRegistry ?? {}, sampleRate, tempo),
    );
  }

  const songEnd = frameAt(songEndBeats);
  const loopEnd = state.loop.endBeats;
  const metronomeEnd = Math.max(songEndBeats, loopEnd, DEFAULT_SONG_LENGTH_BEATS) + METRONOME_TAIL_BEATS;
  return {
    sampleRate,
    tracks,
    clips,
    master: {
      amplitude: state.amplitude,
      songFadeInEnd: frameAt(state.songFadeInBeats),
      songFadeOutStart: frameAt(Math.max(0, songEndBeats - state.songFadeOutBeats)),
      songFadeOutEnd: songEnd,
    },
    loop: {
      enabled: state.loop.enabled && loopEnd > state.loop.startBeats,
      start: frameAt(state.loop.startBeats),
      end: frameAt(loopEnd),
    },
    metronome: {
      enabled: state.metronome.enabled,
      amplitude: state.metronome.amplitude,
      beatsPerBar: BEATS_PER_BAR,
      beats: beatFrames(tempo, beats(metronomeEnd), sampleRate),
    },
    songEnd,
  };
}

function beatFrames(tempo: TempoMap, end: Beats, sampleRate: number): Float64Array {
  const { seconds } = beatTimes(tempo, beats(0), end);
  return seconds.map((time) => Math.round(time * sampleRate));
}

/** One track's clips, sorted by start, with auto crossfades where neighbours meet. */
function planTrackClips(
  trackId: string,
  sorted: readonly StudioClip[],
  frameAt: (position: number) => number,
  registry: MarkersRegistry,
  sampleRate: number,
  tempo: TempoMap,
): PlannedClip[] {
  const half = AUTO_CROSSFADE_BEATS / 2;
  return sorted.map((clip, i) => {
    const meetsPrevious = i > 0 && Math.abs(sorted[i - 1].endBeats - clip.startBeats) < MEET_TOLERANCE_BEATS;
    const next = sorted[i + 1];
    const meetsNext = next !== undefined && Math.abs(clip.endBeats - next.startBeats) < MEET_TOLERANCE_BEATS;
    // A crossfade straddles the meeting point: each clip reaches half of it past its own edge.
    const startBeats = meetsPrevious ? clip.startBeats - half : clip.startBeats;
    const endBeats = meetsNext ? clip.endBeats + half : clip.endBeats;
    const anchorBeats = clip.startBeats - clip.readStartBeats;
    const anchor = frameAt(anchorBeats);
    const start = frameAt(startBeats);
    const end = frameAt(endBeats);
    const crossfade = (edge: number) => frameAt(edge + half) - frameAt(edge - half);
    const fadeIn = frameAt(clip.startBeats + clip.fadeInBeats) - frameAt(clip.startBeats);
    const fadeOut = frameAt(clip.endBeats) - frameAt(clip.endBeats - clip.fadeOutBeats);
    const warp = warpMap(clip, registry, tempo, sampleRate, anchorBeats, startBeats, endBeats);
    return {
      id: clip.id,
      trackId,
      sourceId: clipSourceId(clip) ?? "",
      start,
      end,
      sourceStart: start - anchor,
      amplitude: clip.amplitude,
      mute: clip.mute,
      fadeIn: meetsPrevious ? Math.max(fadeIn, crossfade(clip.startBeats)) : fadeIn,
      fadeOut: meetsNext ? Math.max(fadeOut, crossfade(clip.endBeats)) : fadeOut,
      loop: {
        enabled: clip.loop.enabled && clip.loop.endBeats > clip.loop.startBeats,
        start: warp ? warp.loopStart : frameAt(anchorBeats + clip.loop.startBeats) - anchor,
        end: warp ? warp.loopEnd : frameAt(anchorBeats + clip.loop.endBeats) - anchor,
      },
      transposition: clip.transposition,
      formant: clip.preserveFormants,
      warp: warp ? warp.points : null,
    };
  });
}

/**
 * A warped clip's map from timeline frames to source frames, or null when the
 * clip plays unwarped (warp off, or still awaiting analysis with no markers).
 *
 * Content beat b (counted like readStartBeats) sits at timeline beat
 * anchor + b, so at timeline frame secondsOf(anchor + b) * rate, following the
 * tempo map (and its automation). Between markers its source time is
 * interpolated linearly in beats; before the first marker and after the last
 * one (and everywhere without markers, content beat 0 at source 0) the source
 * runs at warp.speed times the timeline's rate. A looped clip's content wraps
 * into its loop; the map's source frames then run on (unrolled) and the loop's
 * start and end, returned in source frames, wrap them in the voice.
 * The map is sampled at markers, loop edges and the clip's ends, and under
 * tempo automation every WARP_GRID_BEATS; the engine interpolates linearly.
 */
function warpMap(
  clip: StudioClip,
  registry: MarkersRegistry,
  tempo: TempoMap,
  rate: number,
  anchorBeats: number,
  startBeats: number,
  endBeats: number,
): { points: Float64Array; loopStart: number; loopEnd: number } | null {
  if (!clip.warp.enabled) return null;
  const markers: readonly WarpMarker[] = resolveWarpMarkers(clip.warp.markers, registry) ?? [];
  if (clip.warp.awaitingAnalysis && markers.length === 0) return null;
  const speed = clip.warp.speed;
  const timelineAt = (content: number) => beatsToSeconds(tempo, beats(anchorBeats + content)) * rate;
  /** Source frame of content beat b, within its first pass (no loop). */
  const sourceAt = (b: number): number => {
    if (markers.length === 0) return speed * (timelineAt(b) - timelineAt(0));
    const first = markers[0];
    const last = markers[markers.length - 1];
    if (b <= first.beats) return first.seconds * rate - speed * (timelineAt(first.beats) - timelineAt(b));
    if (b >= last.beats) return last.seconds * rate + speed * (timelineAt(b) - timelineAt(last.beats));
    let i = 1;
    while (markers[i].beats < b) i++;
    const a = markers[i - 1];
    const c = markers[i];
    return (a.seconds + ((b - a.beats) * (c.seconds - a.seconds)) / (c.beats - a.beats)) * rate;
  };

  const from = startBeats - anchorBeats;
  const to = endBeats - anchorBeats;
  const looped = clip.loop.enabled && clip.loop.endBeats > clip.loop.startBeats;
  const loopStartBeats = clip.loop.startBeats;
  const loopBeats = clip.loop.endBeats - clip.loop.startBeats;
  const loopStart = looped ? sourceAt(loopStartBeats) : 0;
  const loopEnd = looped ? sourceAt(clip.loop.endBeats) : 0;
  // Where within the content an unrolled content beat plays, and how many loop passes precede it.
  const unroll = (b: number) => {
    if (!looped || b < clip.loop.endBeats) return { content: b, pass: 0 };
    const pass = Math.floor((b - loopStartBeats) / loopBeats);
    return { content: b - pass * loopBeats, pass };
  };
  // The content beats where the map bends, as unrolled beats in [from, to].
  const knots: number[] = [from, to];
  const firstPass = looped ? Math.max(0, Math.floor((from - loopStartBeats) / loopBeats)) : 0;
  const lastPass = looped ? Math.max(0, Math.floor((to - loopStartBeats) / loopBeats)) : 0;
  for (let pass = firstPass; pass <= lastPass; pass++) {
    const shift = pass * loopBeats;
    for (const marker of markers) {
      const b = marker.beats + shift;
      if (pass > 0 && (marker.beats < loopStartBeats || marker.beats >= clip.loop.endBeats)) continue;
      if (b > from && b < to) knots.push(b);
    }
    if (looped) {
      const edge = clip.loop.endBeats + shift;
      if (edge > from && edge < to) knots.push(edge);
    }
  }
  if (tempo.points.length > 1) {
    const step = Math.max(WARP_GRID_BEATS, (to - from) / MAX_WARP_POINTS);
    for (let b = Math.ceil(from / step) * step; b < to; b += step) knots.push(b);
    for (const point of tempo.points) {
      const b = point.beats - anchorBeats;
      if (b > from && b < to) knots.push(b);
    }
  }
  knots.sort((a, b) => a - b);
  const points: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const b of knots) {
    if (b - previous < 1e-9) continue;
    previous = b;
    const { content, pass } = unroll(b);
    points.push(timelineAt(b), sourceAt(content) + pass * (loopEnd - loopStart));
  }
  return { points: Float64Array.from(points), loopStart, loopEnd };
}

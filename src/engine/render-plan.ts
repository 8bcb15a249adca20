import type { ClipSound } from "../../worklets/engine-protocol.ts";
import type { StudioClip, StudioProjectState, Track, TrackEq } from "../shared/project/index.ts";
import { DEFAULT_SONG_LENGTH_BEATS } from "../shared/project/index.ts";
import { type Beats, beats } from "../shared/time.ts";
import { beatsToSeconds, beatTimes, createTempoMap, type TempoMap } from "../shared/timing/tempo-map.ts";

/** Where clips on a track meet, they crossfade over this many beats (the spec's auto crossfade). */
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
}

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
function renderedClips(track: Track): readonly StudioClip[] {
  if (track.soloTakeLaneId === null) return track.clips;
  return track.takeLanes.find((lane) => lane.id === track.soloTakeLaneId)?.clips ?? track.clips;
}

/**
 * Derives what the engine plays from the project state, as a pure function.
 * Clips play unwarped here: their content is anchored at timeline beat
 * (startBeats - readStartBeats) and runs at its own rate, so a clip's
 * source frame for timeline frame t is t - anchor. Clip loop ends are in the
 * same content beats as readStartBeats. Warped playback and transposition
 * replace the reading step in the clip voice (warping issue).
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
    clips.push(...planTrackClips(track.id, playable, frameAt));
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
        start: frameAt(anchorBeats + clip.loop.startBeats) - anchor,
        end: frameAt(anchorBeats + clip.loop.endBeats) - anchor,
      },
    };
  });
}

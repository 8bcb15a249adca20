import type { DspExports } from "../../../worklets/dsp-abi.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";
import {
  type BeatsResult,
  type BeatsStreamFrame,
  MIN_ANALYSIS_SECONDS,
  type NoBeatsReason,
  type NumberedBeat,
} from "../../shared/beats/beats-result.ts";
import { numberBeats } from "./downbeats.ts";
import { FEATURE, FeatureExtractor, type FeatureFrames } from "./features.ts";
import { splitsInThree, tempoLevels } from "./level.ts";
import { noteChanges } from "./note-changes.ts";
import { pulseClarity, pulseContrast } from "./pulse.ts";
import { metricalTempo, type TempoTrack, trackTempo } from "./tempo.ts";
import { trackBeats } from "./track.ts";

/**
 * Loudest frame's mean square (less DC) below this, -90 dB re full scale, reads as silence: below
 * 16-bit resolution, yet far under any music, and clicks at -60 dBFS still count as sound.
 */
const SILENCE_POWER = 1e-9;
/**
 * Periodicity (tempo strength, see trackTempo) under which a clip has no pulse. White, clipped and
 * brown noise measure under 0.08 and isolated hits near 0; music with drums 0.4 to 0.85, and still
 * 0.37 under noise 12 dB louder than itself.
 */
const MIN_TEMPO_STRENGTH = 0.1;
/**
 * Pulse clarity (see pulseClarity) under which a clip has no pulse: pads, speech and noise measure
 * under 0.06, soft rubato playing 0.3, music with drums 0.4 and more.
 */
const MIN_PULSE_CLARITY = 0.12;
/**
 * Pulse contrast (see pulseContrast) of the note changes from which a clip without a clear onset
 * pulse still has one: bowed strings measure 0.4 and more, pads, speech and chimes under 0.2.
 */
const MIN_NOTE_PULSE_CONTRAST = 0.3;
/** Onset strength (in standard deviations) a beat needs to be moved onto its peak. */
const REFINE_MIN_ONSET = 1;
/** Fewer beats than this are no pulse: a tempo needs a few intervals to mean anything. */
const MIN_BEATS = 4;

function none(reason: NoBeatsReason): BeatsResult {
  return { bpm: null, beats: [], downbeats: [], no_beats_reason: reason };
}

/** Rounded to `digits` decimals; dividing (not multiplying by a step) keeps JSON free of 0.30000000000000004. */
function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * A beat frame moved onto its onset's peak, to a fraction of a frame: the tracker works on whole
 * frames (10 ms), which would put that much jitter into every interval. Beats with no clear onset
 * within a frame stay where the tracker put them.
 */
function refine(onset: Float32Array, frame: number): number {
  let k = frame;
  if (frame > 0 && onset[frame - 1] > onset[k]) k = frame - 1;
  if (frame + 1 < onset.length && onset[frame + 1] > onset[k]) k = frame + 1;
  if (k === 0 || k + 1 >= onset.length || onset[k] < REFINE_MIN_ONSET) return frame;
  const a = onset[k - 1];
  const b = onset[k];
  const c = onset[k + 1];
  const curvature = a - 2 * b + c;
  if (!(curvature < 0)) return k;
  return k + Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
}

/**
 * The envelope the tracker follows: each frame's onset strength in standard deviations over the
 * frames; null when it does not vary (no pulse to follow).
 */
export function onsetEnvelope(features: FeatureFrames): Float32Array | null {
  const { count, data, stride } = features;
  const onset = new Float32Array(count);
  let mean = 0;
  for (let t = 0; t < count; t++) {
    onset[t] = data[t * stride + FEATURE.onset];
    mean += onset[t] / count;
  }
  let variance = 0;
  for (let t = 0; t < count; t++) variance += (onset[t] - mean) ** 2 / count;
  const sd = Math.sqrt(variance);
  if (!(sd > 0)) return null;
  for (let t = 0; t < count; t++) onset[t] /= sd;
  return onset;
}

/** Tracked beat frames as seconds, each moved onto its onset's peak, to 0.1 ms. */
export function beatSeconds(onset: Float32Array, frames: readonly number[], frameRate: number): number[] {
  return frames.map((f) => round(refine(onset, f) / frameRate, 4));
}

/**
 * The envelope whose pulse the beats follow, and its tempo: the onsets' when they have a clear
 * pulse, else the note changes' (soft attacks: strings, voices), else none.
 */
function findPulse(features: FeatureFrames): { onset: Float32Array; tempo: TempoTrack } | null {
  const { count, frameRate } = features;
  const onset = onsetEnvelope(features);
  if (onset !== null) {
    const tempo = trackTempo(onset, count, frameRate);
    if (
      tempo.strength >= MIN_TEMPO_STRENGTH &&
      pulseClarity(onset, tempo.period, frameRate) >= MIN_PULSE_CLARITY
    )
      return { onset, tempo };
  }
  const notes = noteChanges(features);
  if (notes === null) return null;
  const tempo = trackTempo(notes, count, frameRate);
  return pulseContrast(notes, tempo.period, frameRate) >= MIN_NOTE_PULSE_CONTRAST
    ? { onset: notes, tempo }
    : null;
}

/** Beats and downbeats from the features of `seconds` of audio. */
export function analyseFeatures(features: FeatureFrames, seconds: number): BeatsResult {
  const { count, data, stride, frameRate } = features;
  if (seconds < MIN_ANALYSIS_SECONDS || count < 2) return none("too_short");
  // Not the frames at the ends: they hear the step from the padding's silence to a constant offset.
  let loudest = 0;
  for (let t = features.edgeFrames; t < count - features.edgeFrames; t++) {
    loudest = Math.max(loudest, data[t * stride + FEATURE.power]);
  }
  if (!(loudest >= SILENCE_POWER)) return none("silence");

  const pulse = findPulse(features);
  if (pulse === null) return none("no_pulse");
  const { onset, tempo } = pulse;
  // The tempogram's level may be 2/3 or twice the beat's: the bars say which; then the level a
  // listener taps among half, that and double (the path scaled to it).
  const levels = tempoLevels(features, onset, metricalTempo(onset, frameRate, tempo.bpm));
  const level = tempo.bpm / levels[0].bpm;
  const period = level === 1 ? tempo.period : tempo.period.map((p) => p * level);
  const frames = trackBeats(onset, period, count);
  if (frames.length < MIN_BEATS) return none("no_pulse");
  const { meter, numbers } = numberBeats(features, frames, splitsInThree(onset, frames));
  const beats = beatSeconds(onset, frames, frameRate);
  const span = beats[beats.length - 1] - beats[0];
  return {
    bpm: round((60 * (beats.length - 1)) / span, 2),
    beats,
    downbeats: beats.map((t, i): NumberedBeat => [t, numbers[i]]),
    meter,
    tempo_candidates: levels.map(({ bpm, confidence }) => ({
      bpm: round(bpm, 2),
      confidence: round(confidence, 3),
    })),
  };
}

/**
 * Beat analysis of a stream of PCM: push audio as it arrives (decoded chunks, or a whole
 * clip), ask for provisional frames while it runs, and finish() for the result. Runs
 * anywhere the wasm core does (Node, a browser Worker); dispose() frees its wasm memory.
 */
export class BeatAnalyzer {
  private readonly features: FeatureExtractor;
  /** The downbeats a client holds, having applied every frame so far. */
  private held: NumberedBeat[] = [];
  private framesSent = 0;

  constructor(dsp: DspExports, sampleRate: number) {
    this.features = new FeatureExtractor(dsp, sampleRate);
  }

  /** Seconds of audio pushed so far. */
  get seconds(): number {
    return this.features.seconds;
  }

  /** Planar PCM; a second channel is mixed with the first, any further ones are ignored. */
  push(channels: readonly Float32Array[]): void {
    this.features.push(channels);
  }

  /** A provisional frame: the analysis of the audio pushed so far, as a change to the previous frame. */
  frame(): BeatsStreamFrame {
    return this.frameOf(analyseFeatures(this.features, this.seconds), false);
  }

  /** Ends the stream: the complete result, and the final frame (complete too). */
  finish(): { result: BeatsResult; frame: BeatsStreamFrame } {
    this.features.flush();
    const result = analyseFeatures(this.features, this.seconds);
    return { result, frame: this.frameOf(result, true) };
  }

  dispose(): void {
    this.features.dispose();
  }

  private frameOf(result: BeatsResult, final: boolean): BeatsStreamFrame {
    const next = result.downbeats;
    let from = 0;
    if (!final && this.framesSent > 0) {
      const held = this.held;
      while (
        from < next.length &&
        from < held.length &&
        next[from][0] === held[from][0] &&
        next[from][1] === held[from][1]
      ) {
        from++;
      }
    }
    // Halfway from the last downbeat kept to the first one that changed (or is new, or is gone).
    let missing = 0;
    if (from > 0) {
      const firstChanged = Math.min(next[from]?.[0] ?? Infinity, this.held[from]?.[0] ?? Infinity);
      missing = Number.isFinite(firstChanged)
        ? (next[from - 1][0] + firstChanged) / 2
        : Math.max(next[from - 1][0], this.seconds);
    }
    this.held = next.slice();
    this.framesSent++;
    return {
      downbeats: next.slice(from),
      seconds_missing_from_start: missing,
      seconds_analysed: this.seconds,
      bpm: result.bpm,
      ...(result.tempo_candidates ? { tempo_candidates: result.tempo_candidates } : {}),
      ...(result.meter ? { meter: result.meter } : {}),
      ...(result.no_beats_reason && final ? { no_beats_reason: result.no_beats_reason } : {}),
      final,
    };
  }
}

/** The whole analysis of a clip in memory. */
export function analyzeBeats(dsp: DspExports, audio: PlanarAudio): BeatsResult {
  const analyzer = new BeatAnalyzer(dsp, audio.sampleRate);
  try {
    analyzer.push(audio.channels);
    return analyzer.finish().result;
  } finally {
    analyzer.dispose();
  }
}

export interface StreamBeatsOptions {
  /** Seconds of audio analysed before the first provisional frame, and at least between frames. */
  readonly firstFrameSeconds?: number;
  /**
   * Each provisional frame covers at least this factor more audio than the one before, which keeps
   * the whole stream's work within a small multiple of one analysis however long the clip.
   */
  readonly growth?: number;
}

/**
 * The analysis of a clip in memory as a stream of frames, ending with the final one; the
 * generator returns the complete result. Frames come sooner for the start of a long clip.
 */
export function* streamBeats(
  dsp: DspExports,
  audio: PlanarAudio,
  options: StreamBeatsOptions = {},
): Generator<BeatsStreamFrame, BeatsResult, void> {
  const { firstFrameSeconds = 10, growth = 1.5 } = options;
  const analyzer = new BeatAnalyzer(dsp, audio.sampleRate);
  try {
    const total = audio.channels[0]?.length ?? 0;
    let at = 0;
    let nextSeconds = firstFrameSeconds;
    while (at < total) {
      const end = Math.min(total, Math.ceil(nextSeconds * audio.sampleRate));
      analyzer.push(audio.channels.map((channel) => channel.subarray(at, end)));
      at = end;
      if (at < total) {
        yield analyzer.frame();
        nextSeconds = Math.max(analyzer.seconds + firstFrameSeconds, analyzer.seconds * growth);
      }
    }
    const { result, frame } = analyzer.finish();
    yield frame;
    return result;
  } finally {
    analyzer.dispose();
  }
}

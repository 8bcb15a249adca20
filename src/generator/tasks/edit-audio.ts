// The audio rules of edit mode's actions, as pure functions on decoded audio: a crop that keeps or
// removes a range, a fade-out at the end, and segments of audio spliced end to end. Every sample
// away from a cut is the source's own (gain exactly 1, so loudness is kept); a cut is declicked by
// a short ramp where the audio starts or stops, and a join of two segments is a short crossfade
// centred on the join, drawn from audio on both sides of the cut points, so the result has exactly
// the frames asked for.
import { fadeGain } from "../../shared/audio/fade-curve.ts";
import type { PcmAudio } from "../song-request.ts";
import { crossfade, frameCount, sliceAudio } from "./splice.ts";

/** A declick ramp or a join crossfade: long enough to hide a step, too short to hear as a fade. */
export const EDIT_JOIN_SECONDS = 0.01;

/** Frames [from, to) of `audio`: a piece of a splice. Audio outside the range may lend a crossfade its handles. */
export interface Segment {
  readonly audio: PcmAudio;
  readonly from: number;
  readonly to: number;
}

const joinFrames = (sampleRate: number) => Math.round(EDIT_JOIN_SECONDS * sampleRate);

/** Ramps the first `frames` frames up from silence (in place). */
function rampIn(channels: readonly Float32Array[], frames: number): void {
  const n = Math.min(frames, channels[0]?.length ?? 0);
  for (let i = 0; i < n; i++) {
    const gain = fadeGain((i + 0.5) / n);
    for (const channel of channels) channel[i] *= gain;
  }
}

/** Fades the last `frames` frames down to silence with the 2-exponent curve (in place). */
function rampOut(channels: readonly Float32Array[], frames: number): void {
  const length = channels[0]?.length ?? 0;
  const n = Math.min(frames, length);
  for (let i = 0; i < n; i++) {
    const gain = fadeGain(1 - (i + 0.5) / n);
    for (const channel of channels) channel[length - n + i] *= gain;
  }
}

/** Audio a splice reads from: its length in frames, and windows of it as float channels. */
export interface SpliceSource {
  readonly frames: number;
  /** Frames [from, to) as new arrays; frames outside the audio read as silence. */
  window(from: number, to: number): readonly Float32Array[];
}

/** The spliced result: windows of it read as float channels and written back. */
export interface SpliceTarget {
  readonly frames: number;
  read(from: number, to: number): Float32Array[];
  write(from: number, channels: readonly Float32Array[]): void;
}

/** Frames [from, to) of a splice source. */
export interface SourceSegment {
  readonly source: SpliceSource;
  readonly from: number;
  readonly to: number;
}

const channelOf = (channels: readonly Float32Array[], c: number) =>
  channels[Math.min(c, channels.length - 1)];

/**
 * What a splice changes once its segments' samples are copied end to end into `target`: each join a
 * crossfade of EDIT_JOIN_SECONDS centred on it, reading past the cut points into the audio around
 * them where there is some (else the crossfade shrinks to what there is); the first segment starts,
 * and the last ends, with a declick ramp when it cuts into sound. Only those few windows are read
 * and written, so a target holding encoded samples decodes and encodes just them.
 */
export function declickJoins(segments: readonly SourceSegment[], target: SpliceTarget, sampleRate: number) {
  const fade = joinFrames(sampleRate);
  let at = 0;
  for (let k = 0; k + 1 < segments.length; k++) {
    const left = segments[k];
    const right = segments[k + 1];
    at += left.to - left.from;
    // Half the crossfade on each side of the join, as far as both pieces have audio to give.
    const half = Math.min(
      fade >> 1,
      left.source.frames - left.to,
      left.to - left.from,
      right.from,
      right.to - right.from,
    );
    if (half <= 0) continue;
    const outgoing = left.source.window(left.to - half, left.to + half);
    const incoming = right.source.window(right.from - half, right.from + half);
    const window = target.read(at - half, at + half);
    crossfade(
      window,
      window.map((_, c) => channelOf(outgoing, c)),
      window.map((_, c) => channelOf(incoming, c)),
      0,
      2 * half,
    );
    target.write(at - half, window);
  }
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (first && first.from > 0) {
    const head = target.read(0, Math.min(fade, target.frames));
    rampIn(head, fade);
    target.write(0, head);
  }
  if (last && last.to < last.source.frames) fadeOutTarget(target, fade);
}

/** The last `frames` frames of the target faded down to silence with the 2-exponent curve. */
export function fadeOutTarget(target: SpliceTarget, frames: number): void {
  const from = Math.max(0, target.frames - frames);
  const tail = target.read(from, target.frames);
  rampOut(tail, frames);
  target.write(from, tail);
}

/** Decoded audio as a splice source. */
const pcmSource = (audio: PcmAudio): SpliceSource => ({
  frames: frameCount(audio),
  window: (from, to) => sliceAudio(audio, from, to).channels,
});

/** Decoded channels as a splice target, read and written in place. */
export function pcmTarget(channels: readonly Float32Array[]): SpliceTarget {
  return {
    frames: channels[0]?.length ?? 0,
    read: (from, to) => channels.map((channel) => channel.subarray(from, to)),
    write: (from, window) => {
      for (let c = 0; c < channels.length; c++) channels[c].set(window[c], from);
    },
  };
}

/** The segments end to end: (to - from) frames of each, in order, joined as declickJoins says. */
export function spliceSegments(segments: readonly Segment[]): PcmAudio {
  const sampleRate = segments[0]?.audio.sampleRate ?? 48_000;
  const channelCount = Math.max(1, ...segments.map((segment) => segment.audio.channels.length));
  const total = segments.reduce((sum, segment) => sum + (segment.to - segment.from), 0);
  const out = Array.from({ length: channelCount }, () => new Float32Array(total));
  let at = 0;
  for (const segment of segments) {
    for (let c = 0; c < channelCount; c++) {
      out[c].set(channelOf(segment.audio.channels, c).subarray(segment.from, segment.to), at);
    }
    at += segment.to - segment.from;
  }
  const sources = segments.map(({ audio, from, to }) => ({ source: pcmSource(audio), from, to }));
  declickJoins(sources, pcmTarget(out), sampleRate);
  return { sampleRate, channels: out };
}

/** A range of the audio in frames, from seconds (clamped to the audio). */
export function rangeFrames(
  frames: number,
  sampleRate: number,
  start: number,
  end: number,
): { from: number; to: number } {
  const clamp = (seconds: number) => Math.min(frames, Math.max(0, Math.round(seconds * sampleRate)));
  return { from: clamp(start), to: clamp(end) };
}

/** The frame ranges a crop keeps: [from, to), or (remove) what is before and after it. */
export function cropRanges(frames: number, from: number, to: number, remove: boolean) {
  if (!remove) return [{ from, to }];
  return [
    { from: 0, to: from },
    { from: to, to: frames },
  ].filter((range) => range.to > range.from);
}

/** The audio with its last `seconds` faded out to silence (2-exponent curve; the rest untouched). */
export function fadeOutEnd(audio: PcmAudio, seconds: number): PcmAudio {
  const channels = audio.channels.map((channel) => channel.slice());
  if (seconds > 0) fadeOutTarget(pcmTarget(channels), Math.round(seconds * audio.sampleRate));
  return { sampleRate: audio.sampleRate, channels };
}

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

/**
 * The segments end to end: (to - from) frames of each, in order. Each join is a crossfade of
 * EDIT_JOIN_SECONDS centred on it, reading past the cut points into the audio around them where
 * there is some (else the crossfade shrinks to what there is). The first segment starts, and the
 * last ends, with a declick ramp when it cuts into sound.
 */
export function spliceSegments(segments: readonly Segment[]): PcmAudio {
  const sampleRate = segments[0]?.audio.sampleRate ?? 48_000;
  const channelCount = Math.max(1, ...segments.map((segment) => segment.audio.channels.length));
  const total = segments.reduce((sum, segment) => sum + (segment.to - segment.from), 0);
  const out = Array.from({ length: channelCount }, () => new Float32Array(total));
  const channelOf = (audio: PcmAudio, c: number) => audio.channels[Math.min(c, audio.channels.length - 1)];
  let at = 0;
  for (const segment of segments) {
    for (let c = 0; c < channelCount; c++) {
      out[c].set(channelOf(segment.audio, c).subarray(segment.from, segment.to), at);
    }
    at += segment.to - segment.from;
  }
  const fade = joinFrames(sampleRate);
  at = 0;
  for (let k = 0; k + 1 < segments.length; k++) {
    const left = segments[k];
    const right = segments[k + 1];
    at += left.to - left.from;
    // Half the crossfade on each side of the join, as far as both pieces have audio to give.
    const half = Math.min(
      fade >> 1,
      frameCount(left.audio) - left.to,
      left.to - left.from,
      right.from,
      right.to - right.from,
    );
    if (half <= 0) continue;
    const outgoing = sliceAudio(left.audio, left.to - half, left.to + half).channels;
    const incoming = sliceAudio(right.audio, right.from - half, right.from + half).channels;
    const window = out.map((channel) => channel.subarray(at - half, at + half));
    crossfade(
      window,
      window.map((_, c) => outgoing[Math.min(c, outgoing.length - 1)]),
      window.map((_, c) => incoming[Math.min(c, incoming.length - 1)]),
      0,
      2 * half,
    );
  }
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (first && first.from > 0) rampIn(out, fade);
  if (last && last.to < frameCount(last.audio)) rampOut(out, fade);
  return { sampleRate, channels: out };
}

/** A range of the audio in frames, from seconds (clamped to the audio). */
export function rangeFrames(audio: PcmAudio, start: number, end: number): { from: number; to: number } {
  const frames = frameCount(audio);
  const clamp = (seconds: number) => Math.min(frames, Math.max(0, Math.round(seconds * audio.sampleRate)));
  return { from: clamp(start), to: clamp(end) };
}

/** Crop: keeps frames [from, to), or (remove) everything but them. */
export function cropAudio(audio: PcmAudio, from: number, to: number, remove: boolean): PcmAudio {
  const frames = frameCount(audio);
  if (!remove) return spliceSegments([{ audio, from, to }]);
  const kept = [
    { audio, from: 0, to: from },
    { audio, from: to, to: frames },
  ].filter((segment) => segment.to > segment.from);
  return kept.length > 0 ? spliceSegments(kept) : { sampleRate: audio.sampleRate, channels: [] };
}

/** The audio with its last `seconds` faded out to silence (2-exponent curve; the rest untouched). */
export function fadeOutEnd(audio: PcmAudio, seconds: number): PcmAudio {
  const channels = audio.channels.map((channel) => channel.slice());
  if (seconds > 0) rampOut(channels, Math.round(seconds * audio.sampleRate));
  return { sampleRate: audio.sampleRate, channels };
}

// Joining audio in one timeline: a source kept bit-identical up to a point, new material after
// it, and a short crossfade between them that neither dips nor bumps.
import type { PcmAudio } from "../song-request.ts";

/** Long enough to hide a change of waveform, short enough to stay inside the first beat. */
export const JOIN_FADE_SECONDS = 0.05;

export function frameCount(audio: PcmAudio): number {
  return audio.channels[0]?.length ?? 0;
}

/** The frame at `seconds`, on the audio's own grid. */
export function frameAt(audio: PcmAudio, seconds: number): number {
  return Math.round(seconds * audio.sampleRate);
}

/** Two channels: mono duplicated, stereo as is (further channels dropped). */
export function toStereo(audio: PcmAudio): PcmAudio {
  const [left, right = left] = audio.channels;
  return { sampleRate: audio.sampleRate, channels: [left, right] };
}

/** Frames [from, to) of the audio as a new buffer, silence where that reaches outside it. */
export function sliceAudio(audio: PcmAudio, from: number, to: number): PcmAudio {
  const channels = audio.channels.map((channel) => {
    const out = new Float32Array(Math.max(0, to - from));
    const a = Math.min(Math.max(from, 0), channel.length);
    const b = Math.min(Math.max(to, 0), channel.length);
    if (b > a) out.set(channel.subarray(a, b), a - from);
    return out;
  });
  return { sampleRate: audio.sampleRate, channels };
}

/**
 * Normalised correlation of two signals over [from, to) (0 when either is silent there). A
 * crossfade between correlated signals (a re-render of the same notes) needs less gain in its
 * middle than one between unrelated ones.
 */
function correlation(
  a: readonly Float32Array[],
  b: readonly Float32Array[],
  from: number,
  to: number,
): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let c = 0; c < a.length; c++) {
    for (let n = from; n < to; n++) {
      const x = a[c][n] ?? 0;
      const y = b[c][n] ?? 0;
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/**
 * Writes into `out` over [from, from + frames) a crossfade from `outgoing` to `incoming`, all in
 * one timeline (frames past an input's end read as silence). Sine and cosine gains (equal power)
 * scaled by 1 / sqrt(1 + 2 r sin cos) for the measured correlation r: equal power for unrelated
 * material, a constant amplitude for identical material, no bump or dip in between.
 */
export function crossfade(
  out: readonly Float32Array[],
  outgoing: readonly Float32Array[],
  incoming: readonly Float32Array[],
  from: number,
  frames: number,
): void {
  if (frames <= 0) return;
  const r = Math.max(0, correlation(outgoing, incoming, from, from + frames));
  for (let i = 0; i < frames; i++) {
    const x = (i + 0.5) / frames;
    const gIn = Math.sin((Math.PI / 2) * x);
    const gOut = Math.cos((Math.PI / 2) * x);
    const k = 1 / Math.sqrt(1 + 2 * r * gIn * gOut);
    const n = from + i;
    for (let c = 0; c < out.length; c++) {
      out[c][n] = k * (gOut * (outgoing[c][n] ?? 0) + gIn * (incoming[c][n] ?? 0));
    }
  }
}

/**
 * `first` up to frame `at` (bit-identical), then `second` (in the same timeline, to its end), with
 * a crossfade of `fadeFrames` after `at` where `first` has audio left to fade out.
 */
export function joinAt(first: PcmAudio, second: PcmAudio, at: number, fadeFrames: number): PcmAudio {
  const length = frameCount(second);
  const fade = Math.max(0, Math.min(fadeFrames, frameCount(first) - at, length - at));
  const channels = second.channels.map((channel, c) => {
    const out = new Float32Array(length);
    out.set(first.channels[c].subarray(0, Math.min(at, length)));
    if (at + fade < length) out.set(channel.subarray(at + fade), at + fade);
    return out;
  });
  crossfade(channels, first.channels, second.channels, at, fade);
  return { sampleRate: second.sampleRate, channels };
}

/**
 * `source` with frames [from, to) taken from `replacement` (same timeline), crossfading inside
 * the range at both edges; everything outside it is the source's own samples.
 */
export function replaceRange(
  source: PcmAudio,
  replacement: PcmAudio,
  from: number,
  to: number,
  fadeFrames: number,
): PcmAudio {
  const length = frameCount(source);
  const a = Math.max(0, Math.min(from, length));
  const b = Math.max(a, Math.min(to, length));
  const fade = Math.min(fadeFrames, Math.floor((b - a) / 2));
  const inner = sliceAudio(replacement, a + fade, b - fade);
  const channels = source.channels.map((channel, c) => {
    const out = channel.slice();
    out.set(inner.channels[c], a + fade);
    return out;
  });
  crossfade(channels, source.channels, replacement.channels, a, fade);
  crossfade(channels, replacement.channels, source.channels, b - fade, fade);
  return { sampleRate: source.sampleRate, channels };
}

import { fadeGain } from "./fade-curve";
import { Source } from "./source";

/**
 * Frames of the anti-click ramp at any clip edge without a longer fade:
 * 64 frames (1.3 ms at 48 kHz) is below what the ear hears as a fade.
 */
export const DECLICK_FRAMES: f64 = 64.0;

/**
 * One clip on the timeline, in timeline frames at the engine's rate. The host
 * derives these from beats through the tempo map, so the voice never sees beats.
 */
export class Clip {
  active: bool = false;
  track: i32 = 0;
  source: i32 = 0;
  start: f64 = 0;
  end: f64 = 0;
  /** Source frame heard at `start`. */
  sourceStart: f64 = 0;
  amplitude: f64 = 1;
  mute: bool = false;
  fadeIn: f64 = 0;
  fadeOut: f64 = 0;
  loopEnabled: bool = false;
  /** Source frames of the clip's loop region. */
  loopStart: f64 = 0;
  loopEnd: f64 = 0;
  /** The gain heard at the end of the last quantum: amplitude and mute changes ramp from it. */
  gain: f64 = -1;
}

/** Fade envelope at timeline frame t: the clip's fades, never shorter than the declick ramp. */
function envelope(clip: Clip, t: f64, fadeIn: f64, fadeOut: f64): f64 {
  let g = 1.0;
  const sinceStart = t - clip.start + 0.5;
  if (sinceStart < fadeIn) g = fadeGain(sinceStart / fadeIn);
  const untilEnd = clip.end - t - 0.5;
  if (untilEnd < fadeOut) g *= fadeGain(untilEnd / fadeOut);
  return g;
}

/** Where the source is read for timeline frame t: the clip loop wraps reading, not the timeline. */
function sourcePosition(clip: Clip, t: f64): f64 {
  const position = clip.sourceStart + (t - clip.start);
  if (!clip.loopEnabled || position < clip.loopEnd) return position;
  const length = clip.loopEnd - clip.loopStart;
  return clip.loopStart + ((position - clip.loopStart) % length);
}

/**
 * Adds the clip's sound for timeline frames [t0, t0 + frames) into the track
 * buffers at `offset`. The gain ramps from its previous value to the target
 * over the span so amplitude and mute changes never click. Reading is the
 * one place a warped clip will differ (time-stretch instead of a plain copy).
 */
export function renderClip(
  clip: Clip,
  source: Source,
  left: usize,
  right: usize,
  offset: i32,
  t0: f64,
  frames: i32,
): void {
  const target = clip.mute ? 0.0 : clip.amplitude;
  if (clip.gain < 0.0) clip.gain = target;
  const from = clip.gain;
  clip.gain = target;
  const first = Math.max(t0, clip.start);
  const last = Math.min(t0 + <f64>frames, clip.end);
  if (last <= first || (from == 0.0 && target == 0.0)) return;

  const length = clip.end - clip.start;
  let fadeIn = Math.max(clip.fadeIn, DECLICK_FRAMES);
  let fadeOut = Math.max(clip.fadeOut, DECLICK_FRAMES);
  if (fadeIn + fadeOut > length) {
    const scale = length / (fadeIn + fadeOut);
    fadeIn *= scale;
    fadeOut *= scale;
  }
  const step = (target - from) / <f64>frames;
  const l = source.channel(0);
  const r = source.channel(1);
  const arrived = <f64>source.arrived;
  for (let t = first; t < last; t += 1.0) {
    const i = <i32>(t - t0);
    const position = Math.floor(sourcePosition(clip, t));
    if (position < 0.0 || position >= arrived) continue;
    const gain = (from + step * <f64>i) * envelope(clip, t, fadeIn, fadeOut);
    const at = (<usize>position) << 2;
    const out = (<usize>(offset + i)) << 2;
    store<f32>(left + out, load<f32>(left + out) + <f32>(<f64>load<f32>(l + at) * gain));
    store<f32>(right + out, load<f32>(right + out) + <f32>(<f64>load<f32>(r + at) * gain));
  }
}

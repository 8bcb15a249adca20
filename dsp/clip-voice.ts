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
  // The span splits into frames inside a fade (envelope per frame) and the
  // body between them (no envelope): most frames of most clips are body.
  const bodyStart = Math.min(Math.max(first, Math.ceil(clip.start + fadeIn - 0.5)), last);
  const bodyEnd = Math.max(Math.min(last, Math.floor(clip.end - fadeOut - 0.5) + 1.0), bodyStart);
  const step = (target - from) / <f64>frames;
  const reader = new SourceReader(clip, source, first);
  for (let t = first; t < bodyStart; t += 1.0) {
    reader.addTo(
      left,
      right,
      offset + <i32>(t - t0),
      (from + step * (t - t0)) * envelope(clip, t, fadeIn, fadeOut),
    );
  }
  if (from == target) {
    const gain = <f32>target;
    for (let t = bodyStart; t < bodyEnd; t += 1.0)
      reader.addSteadyTo(left, right, offset + <i32>(t - t0), gain);
  } else {
    for (let t = bodyStart; t < bodyEnd; t += 1.0) {
      reader.addTo(left, right, offset + <i32>(t - t0), from + step * (t - t0));
    }
  }
  for (let t = bodyEnd; t < last; t += 1.0) {
    reader.addTo(
      left,
      right,
      offset + <i32>(t - t0),
      (from + step * (t - t0)) * envelope(clip, t, fadeIn, fadeOut),
    );
  }
}

/**
 * Walks the source frame by frame from a timeline frame on, wrapping at the
 * clip loop's end without a division per frame. Frames not yet arrived (a
 * streaming source) and frames before the source's start are silence.
 */
@final
class SourceReader {
  private position: i32;
  private readonly loopStart: i32;
  private readonly loopEnd: i32;
  private readonly arrived: i32;
  private readonly left: usize;
  private readonly right: usize;

  constructor(clip: Clip, source: Source, t: f64) {
    let position = clip.sourceStart + (t - clip.start);
    if (clip.loopEnabled && position >= clip.loopEnd) {
      position = clip.loopStart + ((position - clip.loopStart) % (clip.loopEnd - clip.loopStart));
    }
    this.position = <i32>Math.floor(position);
    this.loopStart = clip.loopEnabled ? <i32>clip.loopStart : 0;
    this.loopEnd = clip.loopEnabled ? <i32>clip.loopEnd : i32.MAX_VALUE;
    this.arrived = source.arrived;
    this.left = source.channel(0);
    this.right = source.channel(1);
  }

  addTo(left: usize, right: usize, at: i32, gain: f64): void {
    const p = this.next();
    if (p < 0) return;
    const out = (<usize>at) << 2;
    const from = (<usize>p) << 2;
    store<f32>(left + out, load<f32>(left + out) + <f32>(<f64>load<f32>(this.left + from) * gain));
    store<f32>(right + out, load<f32>(right + out) + <f32>(<f64>load<f32>(this.right + from) * gain));
  }

  addSteadyTo(left: usize, right: usize, at: i32, gain: f32): void {
    const p = this.next();
    if (p < 0) return;
    const out = (<usize>at) << 2;
    const from = (<usize>p) << 2;
    store<f32>(left + out, load<f32>(left + out) + load<f32>(this.left + from) * gain);
    store<f32>(right + out, load<f32>(right + out) + load<f32>(this.right + from) * gain);
  }

  /** The source frame for this timeline frame, or -1 for silence; then steps on. */
  private next(): i32 {
    let p = this.position;
    if (p >= this.loopEnd) p = this.loopStart + (p - this.loopEnd);
    this.position = p + 1;
    return p >= 0 && p < this.arrived ? p : -1;
  }
}

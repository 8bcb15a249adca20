import { QUANTUM_FRAMES } from "./abi";
import { fadeGain } from "./fade-curve";
import { Source } from "./source";
import { Stretcher } from "./stretch/stretcher";

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

  // ----- reading through the stretcher (warped or transposed clips) -----
  /** The clip's Stretcher (unmanaged), or 0: the plain copy. Allocated at setup, never in render. */
  stretcher: usize = 0;
  /** Semitones and formant keeping, as set on the stretcher. */
  transposition: f64 = 0;
  formant: bool = false;
  /**
   * The warp map: `mapCount` (timeline frame, source frame) f64 pairs at `map`
   * (host memory, kept alive while set), increasing in both. 0 points: source
   * frame = sourceStart + (t - start). Past either end the nearest segment's
   * slope continues. Source frames run on through a clip loop (unrolled):
   * the stretcher wraps them into the loop.
   */
  map: usize = 0;
  mapCount: i32 = 0;
  /** Segment the last lookup landed in: lookups walk from it, so a quantum costs O(1). */
  mapCursor: i32 = 0;
  /** The timeline frame the stretcher's output continues from; anything else (a jump) seeks it. */
  stretchNext: f64 = NaN;

  /** Allocates or frees the stretcher for the clip's current settings. Setup only. */
  setStretch(sampleRate: f64, transposition: f64, formant: bool, map: usize, mapCount: i32): void {
    this.transposition = transposition;
    this.formant = formant;
    this.map = mapCount > 0 ? map : 0;
    this.mapCount = map != 0 ? max(mapCount, 0) : 0;
    this.mapCursor = 0;
    const needed = transposition != 0.0 || this.mapCount > 0;
    if (!needed) {
      this.freeStretcher();
      return;
    }
    if (this.stretcher == 0) {
      this.stretcher = changetype<usize>(new Stretcher(sampleRate, 2, QUANTUM_FRAMES));
      this.stretchNext = NaN;
    }
    changetype<Stretcher>(this.stretcher).setTransposition(transposition, formant);
  }

  freeStretcher(): void {
    if (this.stretcher != 0) changetype<Stretcher>(this.stretcher).destroy();
    this.stretcher = 0;
    this.stretchNext = NaN;
  }

  /** Source frame (unrolled through the loop) heard at timeline frame t. */
  sourceAt(t: f64): f64 {
    const count = this.mapCount;
    if (count == 0) return this.sourceStart + (t - this.start);
    const map = this.map;
    if (count == 1) return load<f64>(map, 8) + (t - load<f64>(map));
    // Segment i spans points i and i + 1; the end segments extrapolate.
    let i = min(max(this.mapCursor, 0), count - 2);
    while (i > 0 && t < load<f64>(map + ((<usize>i) << 4))) i--;
    while (i < count - 2 && t >= load<f64>(map + ((<usize>(i + 1)) << 4))) i++;
    this.mapCursor = i;
    const at = map + ((<usize>i) << 4);
    const t0 = load<f64>(at);
    const s0 = load<f64>(at, 8);
    const t1 = load<f64>(at, 16);
    const s1 = load<f64>(at, 24);
    const span = t1 - t0;
    return span > 0.0 ? s0 + ((t - t0) * (s1 - s0)) / span : s0;
  }
}

/** Where a stretched clip's quantum is rendered before the voice's gains apply (render is sequential). */
const stretchLeft = new StaticArray<f32>(QUANTUM_FRAMES);
const stretchRight = new StaticArray<f32>(QUANTUM_FRAMES);

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
 * one place a warped or transposed clip differs: it reads its stretcher's
 * output instead of a plain copy of the source; gains, fades and declicks
 * are the same.
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
  if (clip.stretcher != 0) {
    stretchSpan(clip, source, first, last);
    stretchReader.reset();
    mixSpan<StretchReader>(
      stretchReader,
      clip,
      left,
      right,
      offset,
      t0,
      first,
      last,
      bodyStart,
      bodyEnd,
      from,
      target,
      step,
      fadeIn,
      fadeOut,
    );
  } else {
    sourceReader.start(clip, source, first);
    mixSpan<SourceReader>(
      sourceReader,
      clip,
      left,
      right,
      offset,
      t0,
      first,
      last,
      bodyStart,
      bodyEnd,
      from,
      target,
      step,
      fadeIn,
      fadeOut,
    );
  }
}

/** The voice's gains over [first, last): per-frame envelope in the fades, a plain gain over the body. */
function mixSpan<R>(
  reader: R,
  clip: Clip,
  left: usize,
  right: usize,
  offset: i32,
  t0: f64,
  first: f64,
  last: f64,
  bodyStart: f64,
  bodyEnd: f64,
  from: f64,
  target: f64,
  step: f64,
  fadeIn: f64,
  fadeOut: f64,
): void {
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
 * Renders timeline frames [first, last) of a stretched clip into the stretch
 * buffers: the stretcher follows the warp map, its input time at (the span's
 * end + lookahead) taken from the map; a span that does not continue the last
 * one (a seek, a loop wrap, the clip coming back into play) seeks it first.
 */
function stretchSpan(clip: Clip, source: Source, first: f64, last: f64): void {
  const st = changetype<Stretcher>(clip.stretcher);
  st.setSource(source.channel(0), source.channel(1), 0.0, source.data != 0 ? source.arrived : 0);
  if (first != clip.stretchNext) {
    if (clip.loopEnabled) st.setLoop(clip.loopStart, clip.loopEnd);
    else st.setLoop(0.0, 0.0);
    st.seek(clip.sourceAt(first));
  }
  st.plan(<i32>(last - first), clip.sourceAt(last + <f64>st.lookahead()));
  st.render(changetype<usize>(stretchLeft), changetype<usize>(stretchRight));
  clip.stretchNext = last;
}

/** Reads the stretch buffers, frame by frame from the span's first frame. */
@final
class StretchReader {
  private index: usize = 0;

  reset(): void {
    this.index = 0;
  }

  addTo(left: usize, right: usize, at: i32, gain: f64): void {
    const out = (<usize>at) << 2;
    const from = this.index << 2;
    this.index++;
    const l = <f64>load<f32>(changetype<usize>(stretchLeft) + from);
    const r = <f64>load<f32>(changetype<usize>(stretchRight) + from);
    store<f32>(left + out, load<f32>(left + out) + <f32>(l * gain));
    store<f32>(right + out, load<f32>(right + out) + <f32>(r * gain));
  }

  addSteadyTo(left: usize, right: usize, at: i32, gain: f32): void {
    const out = (<usize>at) << 2;
    const from = this.index << 2;
    this.index++;
    store<f32>(left + out, load<f32>(left + out) + load<f32>(changetype<usize>(stretchLeft) + from) * gain);
    store<f32>(
      right + out,
      load<f32>(right + out) + load<f32>(changetype<usize>(stretchRight) + from) * gain,
    );
  }
}

const stretchReader = new StretchReader();

/**
 * Walks the source frame by frame from a timeline frame on, wrapping at the
 * clip loop's end without a division per frame. Frames not yet arrived (a
 * streaming source) and frames before the source's start are silence.
 */
@final
class SourceReader {
  private position: i32 = 0;
  private loopStart: i32 = 0;
  private loopEnd: i32 = 0;
  private arrived: i32 = 0;
  private left: usize = 0;
  private right: usize = 0;

  /** Aims the reader at a clip's source for timeline frame t; reused across calls, so rendering allocates nothing. */
  start(clip: Clip, source: Source, t: f64): void {
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

/** The one reader every unwarped voice uses in turn. */
const sourceReader = new SourceReader();

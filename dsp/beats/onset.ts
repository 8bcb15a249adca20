import { Fft } from "../stretch/fft";
import { FrameReductions } from "./frame-reductions";

// Frame features for beat and downbeat analysis, streamed from PCM: the STFT and
// its reductions are the costly part of the analysis, so they live here; tempo,
// beat and bar tracking work on these few floats per frame on the host.
//
// Framing: frame k is a Hann window of FFT_SECONDS (a power of two in samples)
// centred on sample k * hop, hop = round(sampleRate / FRAME_RATE). The stream is
// padded with silence before its first sample and, at flush, after its last; a
// stream of S samples yields floor((S - 1) / hop) + 1 frames over all calls.
// Chunking never changes the output.
//
// Each frame is BEAT_FEATURE_STRIDE f32 (the reductions are in frame-reductions.ts):
//   0  onset strength: rectified rise of the log-magnitude band spectrum over
//      the last LAG frames, summed over bands (a reference band is the largest of
//      its neighbours, which keeps vibrato and slides from reading as onsets);
//   1  the same over the bands below LOW_HZ: kicks and bass notes;
//   2  mean square, less DC and the lowest bin (full scale sine: about 0.5);
//   3  the same as 0 over the bands above HIGH_HZ: hats, cymbals, snares;
//   4..15 chroma: magnitudes from CHROMA_LOW_HZ to CHROMA_HIGH_HZ folded onto the
//      12 pitch classes (C first), each bin shared between its two nearest classes.

export const BEAT_FEATURE_STRIDE: i32 = 16;
export const FRAME_RATE: f64 = 100;
const FFT_SECONDS: f64 = 0.05;
/** Input frames taken per history refill, beyond one window. */
const REFILL: i32 = 8192;
const SAMPLE_LIMIT: f32 = 1e30;

@unmanaged
class OnsetFeatures {
  readonly fftSize: i32;
  readonly hop: i32;
  readonly fft: Fft;
  /** Hann window split into even and odd samples (the real FFT packs them as re and im). */
  readonly windowEven: usize;
  readonly windowOdd: usize;
  readonly magnitudeScale: f32;
  readonly re: usize;
  readonly im: usize;
  /** cos and sin of 2 pi k / fftSize for k <= fftSize / 2, interleaved. */
  readonly unpack: usize;
  readonly magnitudes: usize;
  readonly reductions: FrameReductions;
  /** Mono input: one window plus REFILL. */
  readonly buffer: usize;
  readonly bufferFrames: i32;
  filled: i32 = 0;
  /** Stream index of buffer[0]: negative while the leading silence is held. */
  bufferStart: i64 = 0;
  frame: i64 = 0;
  received: i64 = 0;

  constructor(sampleRate: i32) {
    const rate = <f64>sampleRate;
    let size = 256;
    while (<f64>(size << 1) <= rate * FFT_SECONDS) size <<= 1;
    this.fftSize = size;
    this.hop = <i32>Math.round(rate / FRAME_RATE);
    const half = size >> 1;
    this.fft = new Fft(half);
    this.reductions = new FrameReductions(rate, size);
    this.windowEven = heap.alloc((<usize>half) << 2);
    this.windowOdd = heap.alloc((<usize>half) << 2);
    let sum: f64 = 0;
    for (let n = 0; n < size; n++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * <f64>n) / <f64>size);
      sum += w;
      store<f32>((n & 1 ? this.windowOdd : this.windowEven) + ((<usize>(n >> 1)) << 2), <f32>w);
    }
    this.magnitudeScale = <f32>(2 / sum);
    this.re = heap.alloc((<usize>half) << 2);
    this.im = heap.alloc((<usize>half) << 2);
    this.unpack = heap.alloc((<usize>(half + 1)) << 3);
    for (let k = 0; k <= half; k++) {
      const angle = (2 * Math.PI * <f64>k) / <f64>size;
      store<f32>(this.unpack + ((<usize>k) << 3), <f32>Math.cos(angle));
      store<f32>(this.unpack + ((<usize>k) << 3), <f32>Math.sin(angle), 4);
    }
    this.magnitudes = heap.alloc((<usize>(half + 1)) << 2);

    this.bufferFrames = size + REFILL;
    this.buffer = heap.alloc((<usize>this.bufferFrames) << 2);
    this.reset();
  }

  reset(): void {
    const half = this.fftSize >> 1;
    memory.fill(this.buffer, 0, (<usize>half) << 2);
    this.filled = half;
    this.bufferStart = -half;
    this.frame = 0;
    this.received = 0;
    this.reductions.reset();
  }

  maxOutput(inFrames: i32): i32 {
    return inFrames / this.hop + this.fftSize / this.hop + 2;
  }

  /** Feeds frames of input (silence when left is 0), writing ready feature frames while frame < limit. */
  run(left: usize, right: usize, frames: i32, out: usize, limit: i64): i32 {
    let written = 0;
    let done = 0;
    while (done < frames && this.frame < limit) {
      if (this.filled == this.bufferFrames) this.discardUsed();
      const n = min(frames - done, this.bufferFrames - this.filled);
      const to = this.buffer + ((<usize>this.filled) << 2);
      if (left == 0) {
        memory.fill(to, 0, (<usize>n) << 2);
      } else {
        const from = (<usize>done) << 2;
        for (let i = 0; i < n; i++) {
          const at = (<usize>i) << 2;
          let v = load<f32>(left + from + at);
          if (right != 0) v = 0.5 * (v + load<f32>(right + from + at));
          store<f32>(to + at, Mathf.abs(v) <= SAMPLE_LIMIT ? v : 0);
        }
      }
      this.filled += n;
      done += n;
      while (this.frame < limit) {
        const start = this.windowStart() - this.bufferStart;
        if (start + <i64>this.fftSize > <i64>this.filled) break;
        this.analyse(
          this.buffer + ((<usize>start) << 2),
          out + ((<usize>(written * BEAT_FEATURE_STRIDE)) << 2),
        );
        this.frame++;
        written++;
      }
    }
    return written;
  }

  process(left: usize, right: usize, frames: i32, out: usize, outCapacity: i32): i32 {
    if (frames < 0 || outCapacity < this.maxOutput(frames)) return -1;
    const written = this.run(left, right, frames, out, i64.MAX_VALUE);
    this.received += frames;
    return written;
  }

  flush(out: usize, outCapacity: i32): i32 {
    if (outCapacity < this.maxOutput(0)) return -1;
    const total = this.received > 0 ? (this.received - 1) / <i64>this.hop + 1 : 0;
    const written = this.run(0, 0, this.fftSize >> 1, out, total);
    this.reset();
    return written;
  }

  /** Stream index of the next frame's first sample. */
  private windowStart(): i64 {
    return this.frame * <i64>this.hop - <i64>(this.fftSize >> 1);
  }

  private discardUsed(): void {
    const start = <i32>(this.windowStart() - this.bufferStart);
    const keep = this.filled - start;
    memory.copy(this.buffer, this.buffer + ((<usize>start) << 2), (<usize>keep) << 2);
    this.filled = keep;
    this.bufferStart += start;
  }

  private analyse(samples: usize, out: usize): void {
    const half = this.fftSize >> 1;
    const re = this.re;
    const im = this.im;
    for (let n = 0; n < half; n++) {
      const at = (<usize>n) << 2;
      const even = load<f32>(samples + (at << 1)) * load<f32>(this.windowEven + at);
      const odd = load<f32>(samples + (at << 1), 4) * load<f32>(this.windowOdd + at);
      store<f32>(re + at, even);
      store<f32>(im + at, odd);
    }
    this.fft.forward(re, im);
    this.unpackMagnitudes();
    const reductions = this.reductions;
    store<f32>(out, reductions.acPower(this.magnitudes, half), 8);
    reductions.bandFeatures(this.magnitudes, this.frame, out);
    reductions.chroma(this.magnitudes, out + 16);
  }

  /** Magnitudes of the real signal's spectrum from the half-size complex FFT of its packed samples. */
  private unpackMagnitudes(): void {
    const half = this.fftSize >> 1;
    const re = this.re;
    const im = this.im;
    const scale = this.magnitudeScale;
    for (let k = 0; k <= half; k++) {
      const a = k == half ? 0 : k;
      const b = k == 0 ? 0 : half - k;
      const ar = load<f32>(re + ((<usize>a) << 2));
      const ai = load<f32>(im + ((<usize>a) << 2));
      const br = load<f32>(re + ((<usize>b) << 2));
      const bi = load<f32>(im + ((<usize>b) << 2));
      const er: f32 = 0.5 * (ar + br);
      const ei: f32 = 0.5 * (ai - bi);
      const or: f32 = 0.5 * (ai + bi);
      const oi: f32 = -0.5 * (ar - br);
      const c = load<f32>(this.unpack + ((<usize>k) << 3));
      const s = load<f32>(this.unpack + ((<usize>k) << 3), 4);
      const xr = er + c * or + s * oi;
      const xi = ei + c * oi - s * or;
      store<f32>(this.magnitudes + ((<usize>k) << 2), Mathf.sqrt(xr * xr + xi * xi) * scale);
    }
  }

  destroy(): void {
    this.fft.destroy();
    heap.free(this.windowEven);
    heap.free(this.windowOdd);
    heap.free(this.re);
    heap.free(this.im);
    heap.free(this.unpack);
    heap.free(this.magnitudes);
    this.reductions.destroy();
    heap.free(this.buffer);
    heap.free(changetype<usize>(this));
  }
}

const MIN_RATE: i32 = 8_000;
const MAX_RATE: i32 = 192_000;

/** Setup only: may grow memory. Feature extraction at this rate, or 0 for a rate outside 8 kHz to 192 kHz. */
export function beatFeaturesCreate(sampleRate: i32): usize {
  if (sampleRate < MIN_RATE || sampleRate > MAX_RATE) return 0;
  return changetype<usize>(new OnsetFeatures(sampleRate));
}

export function beatFeaturesDestroy(handle: usize): void {
  changetype<OnsetFeatures>(handle).destroy();
}

export function beatFeatureStride(): i32 {
  return BEAT_FEATURE_STRIDE;
}

/** Input samples per feature frame. */
export function beatFeaturesHop(handle: usize): i32 {
  return changetype<OnsetFeatures>(handle).hop;
}

export function beatFeaturesFftSize(handle: usize): i32 {
  return changetype<OnsetFeatures>(handle).fftSize;
}

/** Feature frames enough for any beatFeaturesProcess of up to inFrames, and for beatFeaturesFlush. */
export function beatFeaturesMaxOutput(handle: usize, inFrames: i32): i32 {
  return changetype<OnsetFeatures>(handle).maxOutput(inFrames);
}

/**
 * Feeds planar f32 (right 0 for mono; stereo is mixed to mono); writes the frames now complete to out.
 * Returns frames written, or -1 (nothing consumed) if outCapacity < beatFeaturesMaxOutput(handle, frames).
 */
export function beatFeaturesProcess(
  handle: usize,
  left: usize,
  right: usize,
  frames: i32,
  out: usize,
  outCapacity: i32,
): i32 {
  return changetype<OnsetFeatures>(handle).process(left, right, frames, out, outCapacity);
}

/** Ends the stream (writing its last frames) and resets for a new one; -1 if out is too small. */
export function beatFeaturesFlush(handle: usize, out: usize, outCapacity: i32): i32 {
  return changetype<OnsetFeatures>(handle).flush(out, outCapacity);
}

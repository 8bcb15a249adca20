import { Fft } from "../stretch/fft";

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
// Each frame is BEAT_FEATURE_STRIDE f32:
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
const LAG: i32 = 2;
const BANDS_PER_OCTAVE: f64 = 6;
const LOWEST_BAND_HZ: f64 = 30;
const HIGHEST_BAND_HZ: f64 = 16_000;
const LOW_HZ: f64 = 150;
const HIGH_HZ: f64 = 4_000;
const CHROMA_LOW_HZ: f64 = 200;
const CHROMA_HIGH_HZ: f64 = 5_000;
/** log(1 + COMPRESSION * magnitude): logarithmic above about -60 dBFS, linear (and quiet) below. */
const COMPRESSION: f32 = 1000;
/**
 * Rises under this (in log magnitude, about 5%) do not count: a steady tone's spectrum
 * flickers by that much from frame to frame with the window's phase, and would otherwise
 * give a periodic onset envelope, and a tempo, to a sustained sine.
 */
const RISE_FLOOR: f32 = 0.05;
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
  readonly bandCount: i32;
  /** Per band: first bin (i32), bin count (i32), offset into weights (i32). */
  readonly bands: usize;
  readonly weights: usize;
  readonly lowBands: i32;
  readonly highBandFirst: i32;
  /** LAG + 1 band vectors, a ring indexed by frame. */
  readonly history: usize;
  readonly chromaFirst: i32;
  readonly chromaLast: i32;
  /** Per chroma bin: lower pitch class (i32) and its weight (f32). */
  readonly chromaMap: usize;
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

    // Band centres log-spaced, but never two on one bin: at low frequencies the
    // bins are wider than the bands would be.
    const binHz = rate / <f64>size;
    const top = Math.min(HIGHEST_BAND_HZ, rate * 0.45);
    const centres = heap.alloc(256 << 3);
    let count = 0;
    let lastBin: f64 = 0;
    for (let f = LOWEST_BAND_HZ; f <= top && count < 256; f *= 2 ** (1 / BANDS_PER_OCTAVE)) {
      const bin = f / binHz;
      if (bin < lastBin + 1) continue;
      store<f64>(centres + ((<usize>count) << 3), bin);
      lastBin = bin;
      count++;
    }
    // The first and last centres only bound the triangles of their neighbours.
    const bands = count - 2;
    this.bandCount = bands;
    this.bands = heap.alloc(<usize>bands * 12);
    this.weights = heap.alloc((<usize>(half + 1)) << 3);
    let offset = 0;
    let lowBands = 0;
    let highBandFirst = bands;
    for (let b = 0; b < bands; b++) {
      const lo = load<f64>(centres + ((<usize>b) << 3));
      const mid = load<f64>(centres + ((<usize>(b + 1)) << 3));
      const hi = load<f64>(centres + ((<usize>(b + 2)) << 3));
      const first = <i32>Math.ceil(lo);
      const last = <i32>Math.floor(hi);
      let total: f64 = 0;
      for (let k = first; k <= last; k++) {
        const x = <f64>k;
        total += x <= mid ? (x - lo) / (mid - lo) : (hi - x) / (hi - mid);
      }
      for (let k = first; k <= last; k++) {
        const x = <f64>k;
        const w = x <= mid ? (x - lo) / (mid - lo) : (hi - x) / (hi - mid);
        store<f32>(this.weights + ((<usize>(offset + k - first)) << 2), <f32>(w / total));
      }
      const at = this.bands + <usize>b * 12;
      store<i32>(at, first);
      store<i32>(at, last - first + 1, 4);
      store<i32>(at, offset, 8);
      offset += last - first + 1;
      if (mid * binHz < LOW_HZ) lowBands = b + 1;
      if (mid * binHz > HIGH_HZ && highBandFirst == bands) highBandFirst = b;
    }
    heap.free(centres);
    this.lowBands = lowBands;
    this.highBandFirst = highBandFirst;
    this.history = heap.alloc((<usize>(bands * (LAG + 1))) << 2);
    memory.fill(this.history, 0, (<usize>(bands * (LAG + 1))) << 2);

    this.chromaFirst = <i32>Math.ceil(CHROMA_LOW_HZ / binHz);
    this.chromaLast = min(half, <i32>Math.floor(CHROMA_HIGH_HZ / binHz));
    const chromaBins = this.chromaLast - this.chromaFirst + 1;
    this.chromaMap = heap.alloc((<usize>chromaBins) << 3);
    for (let k = this.chromaFirst; k <= this.chromaLast; k++) {
      // Pitch in semitones above C, folded to [0, 12).
      const pitch = 12 * Math.log2((<f64>k * binHz) / 440) + 9;
      const folded = pitch - 12 * Math.floor(pitch / 12);
      const lower = <i32>Math.floor(folded);
      const at = this.chromaMap + ((<usize>(k - this.chromaFirst)) << 3);
      store<i32>(at, lower % 12);
      store<f32>(at, <f32>(1 - (folded - <f64>lower)), 4);
    }

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
    memory.fill(this.history, 0, (<usize>(this.bandCount * (LAG + 1))) << 2);
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
    store<f32>(out, this.acPower(), 8);
    this.bandFeatures(out);
    this.chroma(out + 16);
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

  /**
   * Mean square without the DC and the first bin, into which the window leaks DC: a constant
   * offset is silence. Each sinusoid's power spreads over three bins (1, 1/4, 1/4 of its peak
   * squared), so the sum is divided by 3 to read 0.5 for a full-scale sine.
   */
  private acPower(): f32 {
    const half = this.fftSize >> 1;
    let sum: f32 = 0;
    for (let k = 2; k <= half; k++) {
      const m = load<f32>(this.magnitudes + ((<usize>k) << 2));
      sum += m * m;
    }
    return sum / 3;
  }

  private bandFeatures(out: usize): void {
    const bands = this.bandCount;
    const slot = <i32>(this.frame % <i64>(LAG + 1));
    const now = this.history + ((<usize>(slot * bands)) << 2);
    const then = this.history + ((<usize>(((slot + 1) % (LAG + 1)) * bands)) << 2);
    for (let b = 0; b < bands; b++) {
      const at = this.bands + <usize>b * 12;
      const first = load<i32>(at);
      const count = load<i32>(at, 4);
      const weights = this.weights + ((<usize>load<i32>(at, 8)) << 2);
      const bins = this.magnitudes + ((<usize>first) << 2);
      let v: f32 = 0;
      for (let k = 0; k < count; k++) {
        v += load<f32>(bins + ((<usize>k) << 2)) * load<f32>(weights + ((<usize>k) << 2));
      }
      store<f32>(now + ((<usize>b) << 2), Mathf.log(1 + COMPRESSION * v));
    }
    let all: f32 = 0;
    let low: f32 = 0;
    let high: f32 = 0;
    for (let b = 0; b < bands; b++) {
      let ref = load<f32>(then + ((<usize>b) << 2));
      if (b > 0) ref = max(ref, load<f32>(then + ((<usize>(b - 1)) << 2)));
      if (b + 1 < bands) ref = max(ref, load<f32>(then + ((<usize>(b + 1)) << 2)));
      const rise = max<f32>(0, load<f32>(now + ((<usize>b) << 2)) - ref - RISE_FLOOR);
      all += rise;
      if (b < this.lowBands) low += rise;
      if (b >= this.highBandFirst) high += rise;
    }
    store<f32>(out, all);
    store<f32>(out, low, 4);
    store<f32>(out, high, 12);
  }

  private chroma(out: usize): void {
    memory.fill(out, 0, 48);
    for (let k = this.chromaFirst; k <= this.chromaLast; k++) {
      const at = this.chromaMap + ((<usize>(k - this.chromaFirst)) << 3);
      const lower = load<i32>(at);
      const w = load<f32>(at, 4);
      const m = load<f32>(this.magnitudes + ((<usize>k) << 2));
      const a = out + ((<usize>lower) << 2);
      const b = out + ((<usize>((lower + 1) % 12)) << 2);
      store<f32>(a, load<f32>(a) + w * m);
      store<f32>(b, load<f32>(b) + (1 - w) * m);
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
    heap.free(this.bands);
    heap.free(this.weights);
    heap.free(this.history);
    heap.free(this.chromaMap);
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

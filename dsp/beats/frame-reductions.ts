// The reductions of one frame's magnitude spectrum to the beat features (see onset.ts for the
// frame layout): log-spaced bands and their rectified rise over the last LAG frames (onset
// strength in all, the low and the high bands), the mean square, and a 12-bin chroma. The band
// layout, the chroma map and the bands' recent history are built once per sample rate here;
// onset.ts frames the stream and computes the spectrum.

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

@unmanaged
export class FrameReductions {
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

  /** For the spectrum of a `size`-point FFT (bins 0..size / 2) at `rate` Hz. */
  constructor(rate: f64, size: i32) {
    const half = size >> 1;
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
  }

  /** Forgets the bands' history, for a new stream. */
  reset(): void {
    memory.fill(this.history, 0, (<usize>(this.bandCount * (LAG + 1))) << 2);
  }

  /**
   * Mean square without the DC and the first bin, into which the window leaks DC: a constant
   * offset is silence. Each sinusoid's power spreads over three bins (1, 1/4, 1/4 of its peak
   * squared), so the sum is divided by 3 to read 0.5 for a full-scale sine.
   */
  acPower(magnitudes: usize, half: i32): f32 {
    let sum: f32 = 0;
    for (let k = 2; k <= half; k++) {
      const m = load<f32>(magnitudes + ((<usize>k) << 2));
      sum += m * m;
    }
    return sum / 3;
  }

  /** The band onsets (all, low, high) of frame `frame`, whose magnitudes these are, into out[0], out[1], out[3]. */
  bandFeatures(magnitudes: usize, frame: i64, out: usize): void {
    const bands = this.bandCount;
    const slot = <i32>(frame % <i64>(LAG + 1));
    const now = this.history + ((<usize>(slot * bands)) << 2);
    const then = this.history + ((<usize>(((slot + 1) % (LAG + 1)) * bands)) << 2);
    for (let b = 0; b < bands; b++) {
      const at = this.bands + <usize>b * 12;
      const first = load<i32>(at);
      const count = load<i32>(at, 4);
      const weights = this.weights + ((<usize>load<i32>(at, 8)) << 2);
      const bins = magnitudes + ((<usize>first) << 2);
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

  /** The 12 chroma values into out[0..11]. */
  chroma(magnitudes: usize, out: usize): void {
    memory.fill(out, 0, 48);
    for (let k = this.chromaFirst; k <= this.chromaLast; k++) {
      const at = this.chromaMap + ((<usize>(k - this.chromaFirst)) << 3);
      const lower = load<i32>(at);
      const w = load<f32>(at, 4);
      const m = load<f32>(magnitudes + ((<usize>k) << 2));
      const a = out + ((<usize>lower) << 2);
      const b = out + ((<usize>((lower + 1) % 12)) << 2);
      store<f32>(a, load<f32>(a) + w * m);
      store<f32>(b, load<f32>(b) + (1 - w) * m);
    }
  }

  destroy(): void {
    heap.free(this.bands);
    heap.free(this.weights);
    heap.free(this.history);
    heap.free(this.chromaMap);
    heap.free(changetype<usize>(this));
  }
}

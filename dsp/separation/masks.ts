// The soft masks of the separation: for one STFT frame, four gains per bin
// (vocals, drums, bass, other) that are each in [0, 1] and sum to exactly 1,
// so the four stems sum back to the mix.
//
// They are built as a tree of two-way splits, each a Wiener-style ratio of
// squared magnitude estimates (Fitzgerald's median-filter harmonic/percussive
// separation, extended):
//   percussive p = P^2 / (P^2 + H^2): P the magnitude's median across
//     frequency (a drum hit is broadband, a note is a peak), H its median
//     across a short span of time (a note lasts, a hit does not);
//   harmonic 1 - p splits by frequency: bass below a smooth crossover;
//   the harmonic rest splits into vocals and other by a vocal likeness:
//     fluctuation (the bin rises above its median over a long span of time:
//     a sung line moves and wavers, a chord or pad holds), times centre-ness
//     (left and right alike, where vocals are mixed), times the voice's band.
// Every split is g and 1 - g of its parent, which keeps the partition exact.

/** Bins either side for the median across frequency. */
export const FREQ_HALF: i32 = 8;
/** Frames either side for the short median across time. */
export const SHORT_HALF: i32 = 8;
/** Frames either side for the long median across time, taken every LONG_STEP frames. */
export const LONG_HALF: i32 = 40;
export const LONG_STEP: i32 = 5;
/** Values in each median (all three have the same count). */
export const MEDIAN_TAPS: i32 = 17;

const BASS_FULL_HZ: f32 = 120;
const BASS_NONE_HZ: f32 = 260;
const VOICE_LOW_HZ: f32 = 120;
const VOICE_LOW_FULL_HZ: f32 = 250;
const VOICE_HIGH_FULL_HZ: f32 = 6000;
const VOICE_HIGH_HZ: f32 = 10000;
const TINY: f32 = 1e-18;

/**
 * The median of `count` (odd, at most MEDIAN_TAPS) floats at `values`, spaced `stride` bytes;
 * `scratch` holds MEDIAN_TAPS floats. Insertion sort: the arrays are short.
 */
export function median(values: usize, stride: usize, count: i32, scratch: usize): f32 {
  for (let i = 0; i < count; i++) {
    const v = load<f32>(values + <usize>i * stride);
    let j = i;
    while (j > 0) {
      const before = load<f32>(scratch + ((<usize>(j - 1)) << 2));
      if (before <= v) break;
      store<f32>(scratch + ((<usize>j) << 2), before);
      j--;
    }
    store<f32>(scratch + ((<usize>j) << 2), v);
  }
  return load<f32>(scratch + ((<usize>(count >> 1)) << 2));
}

/** 1 at and below `full`, 0 at and above `none` (either order), a raised cosine between. */
export function crossover(hz: f32, full: f32, none: f32): f32 {
  const t = (hz - full) / (none - full);
  if (t <= 0) return 1;
  if (t >= 1) return 0;
  return <f32>(0.5 + 0.5 * Math.cos(Math.PI * <f64>t));
}

/** a^2 / (a^2 + b^2), 0 when both are 0. */
function share(a: f32, b: f32): f32 {
  const a2 = a * a;
  return a2 / (a2 + b * b + TINY);
}

/** Per-bin tables that depend only on the bin's frequency. */
@unmanaged
export class BandTables {
  readonly bass: usize;
  readonly voice: usize;

  constructor(bins: i32, binHz: f32) {
    this.bass = heap.alloc((<usize>bins) << 2);
    this.voice = heap.alloc((<usize>bins) << 2);
    for (let k = 0; k < bins; k++) {
      const hz = <f32>k * binHz;
      store<f32>(this.bass + ((<usize>k) << 2), crossover(hz, BASS_FULL_HZ, BASS_NONE_HZ));
      const rise: f32 = <f32>1 - crossover(hz, VOICE_LOW_HZ, VOICE_LOW_FULL_HZ);
      const fall: f32 = crossover(hz, VOICE_HIGH_FULL_HZ, VOICE_HIGH_HZ);
      store<f32>(this.voice + ((<usize>k) << 2), rise * fall);
    }
  }

  destroy(): void {
    heap.free(this.bass);
    heap.free(this.voice);
    heap.free(changetype<usize>(this));
  }
}

/**
 * The four masks of one bin, written at `out` (vocals, drums, bass, other).
 * magnitude: the bin's; across: its median across frequency; short, long: its
 * medians across time; centre: left/right similarity in [0, 1].
 */
export function binMasks(
  out: usize,
  magnitude: f32,
  across: f32,
  short: f32,
  long: f32,
  centre: f32,
  bass: f32,
  voice: f32,
): void {
  // Low down a kick is narrow, so it is told from a bass note by time alone: it stands out of
  // its short median (hits come and go), where a note holds at it.
  const floor: f32 = min(short, long);
  const kick: f32 = magnitude > floor ? share(magnitude - floor, floor) * bass : 0;
  const drums: f32 = max(share(across, short), kick);
  const harmonic: f32 = 1 - drums;
  const low: f32 = harmonic * bass;
  const upper: f32 = harmonic - low;
  const rise: f32 = magnitude > long ? magnitude - long : 0;
  const centre2: f32 = centre * centre;
  const vocalLike: f32 = share(rise, long) * centre2 * centre2 * voice;
  const vocals: f32 = upper * vocalLike;
  store<f32>(out, vocals);
  store<f32>(out + 4, drums);
  store<f32>(out + 8, low);
  store<f32>(out + 12, upper - vocals);
}

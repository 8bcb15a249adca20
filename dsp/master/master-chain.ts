import { Biquad, HIGH_PASS, HIGH_SHELF, LOW_SHELF, PEAKING } from "../biquad";
import { Compressor } from "../fx/compressor";

// The mastering chain before the loudness gain and the true-peak limiter (dsp/limiter.ts): input
// gain, stereo width (mid/side), EQ (a rumble high pass, a tilt, presence and air), a bus compressor
// and an optional soft saturation. The host measures the loudness of the result and sets the final
// gain in front of the limiter.

const CHUNK: i32 = 1024;
const RUMBLE_HZ: f64 = 25;
const TILT_LOW_HZ: f64 = 250;
const TILT_HIGH_HZ: f64 = 3500;
const PRESENCE_HZ: f64 = 3200;
const AIR_HZ: f64 = 11000;
const SHELF_Q: f64 = Math.SQRT1_2;
const MIN_NORMAL_F32: f32 = 1.17549435e-38;

export class MasterChain {
  private readonly sampleRate: f64;
  private readonly rumble: Biquad = new Biquad();
  private readonly tiltLow: Biquad = new Biquad();
  private readonly tiltHigh: Biquad = new Biquad();
  private readonly presence: Biquad = new Biquad();
  private readonly air: Biquad = new Biquad();
  private readonly compressor: Compressor = new Compressor();
  private readonly scratch: usize = heap.alloc((<usize>CHUNK) << 4);
  private width: f32 = 1;
  private drive: f32 = 0;
  private compress: bool = true;

  constructor(sampleRate: f64) {
    this.sampleRate = sampleRate;
    this.configure(1, 0, 0, 0, 0, 1, 0);
  }

  /**
   * width: the side signal's gain (1 unchanged, 0 mono); tilt: dB added above TILT_HIGH_HZ and taken
   * below TILT_LOW_HZ (each half); presence and air in dB; the compressor's threshold (dBFS peak) and
   * ratio (1: off); drive 0 for no saturation, up to 1 for a strong one.
   */
  configure(
    width: f64,
    tiltDb: f64,
    presenceDb: f64,
    airDb: f64,
    thresholdDb: f64,
    ratio: f64,
    drive: f64,
  ): void {
    const rate = this.sampleRate;
    this.width = <f32>min(max(width, 0.0), 2.0);
    this.drive = <f32>min(max(drive, 0.0), 1.0);
    this.rumble.design(HIGH_PASS, rate, RUMBLE_HZ, SHELF_Q, 0);
    this.tiltLow.design(LOW_SHELF, rate, TILT_LOW_HZ, SHELF_Q, -tiltDb * 0.5);
    this.tiltHigh.design(HIGH_SHELF, rate, TILT_HIGH_HZ, SHELF_Q, tiltDb * 0.5);
    this.presence.design(PEAKING, rate, PRESENCE_HZ, 0.8, presenceDb);
    this.air.design(HIGH_SHELF, rate, AIR_HZ, SHELF_Q, airDb);
    this.compress = ratio > 1;
    this.compressor.set(rate, thresholdDb, ratio, 6, 0.01, 0.15, 0);
    this.reset();
  }

  reset(): void {
    this.rumble.reset();
    this.tiltLow.reset();
    this.tiltHigh.reset();
    this.presence.reset();
    this.air.reset();
    this.compressor.reset();
  }

  /** In place on planar f32. */
  process(left: usize, right: usize, frames: i32, gain: f32): void {
    const scratch = this.scratch;
    const side = this.width;
    const drive = this.drive;
    for (let done = 0; done < frames; done += CHUNK) {
      const n = min(CHUNK, frames - done);
      const l = left + ((<usize>done) << 2);
      const r = right + ((<usize>done) << 2);
      for (let i = 0; i < n; i++) {
        const at = (<usize>i) << 2;
        const a = load<f32>(l + at) * gain;
        const b = load<f32>(r + at) * gain;
        const mid = (a + b) * 0.5;
        const s = (a - b) * 0.5 * side;
        v128.store(scratch + ((<usize>i) << 4), f64x2(<f64>(mid + s), <f64>(mid - s)));
      }
      this.rumble.runStereoPair(this.tiltLow, scratch, n);
      this.tiltHigh.runStereoPair(this.presence, scratch, n);
      this.air.runStereo(scratch, n, 1, 0);
      for (let i = 0; i < n; i++) {
        const y = v128.load(scratch + ((<usize>i) << 4));
        const at = (<usize>i) << 2;
        store<f32>(l + at, <f32>f64x2.extract_lane(y, 0));
        store<f32>(r + at, <f32>f64x2.extract_lane(y, 1));
      }
      if (this.compress) this.compressor.process(l, r, n);
      if (drive > 0) saturate(l, r, n, 1 + 3 * drive);
      flushSubnormals(l, n);
      flushSubnormals(r, n);
    }
  }
}

/**
 * Sets f32 subnormals (and NaN) to 0 in place. A decaying tail through the f64 filters, or a quiet
 * one under heavy compression, lands below the smallest normal f32; every later stage would then
 * run on subnormal numbers, which the CPU handles a hundred times slower.
 */
function flushSubnormals(samples: usize, frames: i32): void {
  const smallest = f32x4.splat(MIN_NORMAL_F32);
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const at = samples + ((<usize>i) << 2);
    const v = v128.load(at);
    v128.store(at, v128.and(v, f32x4.ge(f32x4.abs(v), smallest)));
  }
  for (; i < frames; i++) {
    const at = samples + ((<usize>i) << 2);
    const v = load<f32>(at);
    if (!(Mathf.abs(v) >= MIN_NORMAL_F32)) store<f32>(at, 0);
  }
}

/** tanh-like soft clipping, level-matched for small signals: y = clip(d x) / d. */
function saturate(left: usize, right: usize, frames: i32, drive: f32): void {
  const inverse: f32 = 1.0 / drive;
  for (let i = 0; i < frames; i++) {
    const at = (<usize>i) << 2;
    store<f32>(left + at, softClip(load<f32>(left + at) * drive) * inverse);
    store<f32>(right + at, softClip(load<f32>(right + at) * drive) * inverse);
  }
}

function softClip(x: f32): f32 {
  const c = min<f32>(3, max<f32>(-3, x));
  const c2 = c * c;
  return (c * (27 + c2)) / (27 + 9 * c2);
}

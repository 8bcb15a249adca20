import { fastExp2, fastLog2 } from "./fast-log";

// Feed-forward bus compressor, stereo linked: a peak follower on the louder channel (instant rise,
// falling with the release time, so a steady tone reads its crest, not its every zero crossing), in
// dB through a soft-knee gain computer, the gain reduction smoothed with separate attack and release
// (in the log domain, so the release sounds even at any depth), plus make-up gain.

const DB_PER_OCTAVE: f32 = 6.0205999;
const SILENT: f32 = 1e-10;

@unmanaged
export class Compressor {
  private threshold: f32 = 0;
  private slope: f32 = 0;
  private knee: f32 = 6;
  private makeup: f32 = 0;
  private attack: f32 = 0;
  private release: f32 = 0;
  private reduction: f32 = 0;
  /** The peak follower's level (linear). */
  private level: f32 = 0;

  /** Threshold and make-up in dB; ratio >= 1; times in seconds. */
  set(
    sampleRate: f64,
    thresholdDb: f64,
    ratio: f64,
    kneeDb: f64,
    attack: f64,
    release: f64,
    makeupDb: f64,
  ): void {
    this.threshold = <f32>thresholdDb;
    this.slope = <f32>(1.0 - 1.0 / max(ratio, 1.0));
    this.knee = <f32>max(kneeDb, 0.01);
    this.makeup = <f32>makeupDb;
    this.attack = <f32>Math.exp(-1.0 / (max(attack, 1e-5) * sampleRate));
    this.release = <f32>Math.exp(-1.0 / (max(release, 1e-5) * sampleRate));
  }

  reset(): void {
    this.reduction = 0;
    this.level = 0;
  }

  /** In place on planar f32. */
  process(left: usize, right: usize, frames: i32): void {
    const threshold = this.threshold;
    const slope = this.slope;
    const knee = this.knee;
    const halfKnee = knee * 0.5;
    // A block wholly under the knee with the gain back at rest (within 1e-4 dB) passes untouched:
    // quiet passages cost a peak scan instead of a log and an exp per sample.
    const quiet = blockPeak(left, right, frames);
    if (
      this.makeup == 0 &&
      this.reduction < 1e-4 &&
      quiet < fastExp2((threshold - halfKnee) * (1.0 / DB_PER_OCTAVE))
    ) {
      this.reduction = 0;
      this.level = quiet;
      return;
    }
    const attack = this.attack;
    const release = this.release;
    const makeup = this.makeup;
    let reduction = this.reduction;
    let level = this.level;
    for (let i = 0; i < frames; i++) {
      const at = (<usize>i) << 2;
      const l = load<f32>(left + at);
      const r = load<f32>(right + at);
      level = max(max(abs(l), abs(r)), level * release);
      const over = fastLog2(max(level, SILENT)) * DB_PER_OCTAVE - threshold;
      let target: f32 = 0;
      if (over >= halfKnee) target = over * slope;
      else if (over > -halfKnee) {
        const x = over + halfKnee;
        target = (slope * x * x) / (2 * knee);
      }
      const coefficient = target > reduction ? attack : release;
      reduction = target + coefficient * (reduction - target);
      const gain = fastExp2((makeup - reduction) * (1.0 / DB_PER_OCTAVE));
      store<f32>(left + at, l * gain);
      store<f32>(right + at, r * gain);
    }
    this.reduction = reduction;
    this.level = level;
  }
}

/** The largest magnitude in both channels (NaN counts as loud). */
function blockPeak(left: usize, right: usize, frames: i32): f32 {
  let peak = f32x4.splat(0);
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const at = (<usize>i) << 2;
    peak = f32x4.max(peak, f32x4.max(f32x4.abs(v128.load(left + at)), f32x4.abs(v128.load(right + at))));
  }
  let result = max(
    max(f32x4.extract_lane(peak, 0), f32x4.extract_lane(peak, 1)),
    max(f32x4.extract_lane(peak, 2), f32x4.extract_lane(peak, 3)),
  );
  for (; i < frames; i++) {
    const at = (<usize>i) << 2;
    result = max(result, max(abs(load<f32>(left + at)), abs(load<f32>(right + at))));
  }
  return result;
}

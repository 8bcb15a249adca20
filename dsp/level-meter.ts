import { QUANTUM_FRAMES } from "./abi";

/** The RMS window, rounded up to whole quanta: 113 quanta (301.3 ms) at 48 kHz, 104 (301.9 ms) at 44.1 kHz. */
const METER_RMS_WINDOW_SECONDS: f64 = 0.3;
const MAX_SAMPLE_RATE: f64 = 768000;

/**
 * Stereo sample peak per quantum and RMS over a moving window of quanta. Each quantum's sums of
 * squares sit in a ring and the window total is summed afresh every quantum: a running total would
 * drift and never drain back to exactly 0 in silence. Non-finite samples count as silence, which is
 * what the master limiter turns them into, so the meter shows what will be heard.
 */
export class LevelMeter {
  // (left, right) sums of squares per quantum, interleaved so one f64x2 add takes both channels.
  private readonly squares: StaticArray<f64>;
  private readonly frameCounts: StaticArray<i32>;
  private readonly slots: i32;
  private next: i32 = 0;
  // Whole frames, so this running total is exact.
  private windowFrames: i32 = 0;
  peakL: f32 = 0;
  peakR: f32 = 0;
  rmsL: f32 = 0;
  rmsR: f32 = 0;

  constructor(sampleRate: f64) {
    // A NaN or absurd rate must not size the ring.
    const rate = isNaN(sampleRate) ? 0 : min(sampleRate, MAX_SAMPLE_RATE);
    const slots = max(1, <i32>Math.ceil((METER_RMS_WINDOW_SECONDS * rate) / <f64>QUANTUM_FRAMES));
    this.squares = new StaticArray<f64>(slots << 1);
    this.frameCounts = new StaticArray<i32>(slots);
    this.slots = slots;
  }

  measure(left: usize, right: usize, count: i32): void {
    // A negative count would corrupt the exact running total of frames.
    const frames = max(0, count);
    let peakL: f64 = 0;
    let peakR: f64 = 0;
    let sumL: f64 = 0;
    let sumR: f64 = 0;
    for (let i = 0; i < frames; i++) {
      const offset = (<usize>i) << 2;
      let l = <f64>load<f32>(left + offset);
      let r = <f64>load<f32>(right + offset);
      l = select<f64>(l, 0, isFinite(l));
      r = select<f64>(r, 0, isFinite(r));
      peakL = max(peakL, abs(l));
      peakR = max(peakR, abs(r));
      sumL += l * l;
      sumR += r * r;
    }
    const next = this.next;
    const squares = changetype<usize>(this.squares);
    v128.store(squares + ((<usize>next) << 4), f64x2.replace_lane(f64x2.splat(sumL), 1, sumR));
    this.windowFrames += frames - unchecked(this.frameCounts[next]);
    unchecked((this.frameCounts[next] = frames));
    this.next = next + 1 < this.slots ? next + 1 : 0;

    let total = f64x2.splat(0);
    for (let s = 0; s < this.slots; s++) total = f64x2.add(total, v128.load(squares + ((<usize>s) << 4)));
    const windowFrames = <f64>this.windowFrames;
    this.peakL = <f32>peakL;
    this.peakR = <f32>peakR;
    this.rmsL = windowFrames > 0 ? <f32>Math.sqrt(f64x2.extract_lane(total, 0) / windowFrames) : 0;
    this.rmsR = windowFrames > 0 ? <f32>Math.sqrt(f64x2.extract_lane(total, 1) / windowFrames) : 0;
  }

  /** Writes peakL, peakR, rmsL, rmsR as f32. */
  writeTo(ptr: usize): void {
    store<f32>(ptr, this.peakL);
    store<f32>(ptr, this.peakR, 4);
    store<f32>(ptr, this.rmsL, 8);
    store<f32>(ptr, this.rmsR, 12);
  }

  reset(): void {
    memory.fill(changetype<usize>(this.squares), 0, (<usize>this.slots) << 4);
    memory.fill(changetype<usize>(this.frameCounts), 0, (<usize>this.slots) << 2);
    this.next = 0;
    this.windowFrames = 0;
    this.peakL = 0;
    this.peakR = 0;
    this.rmsL = 0;
    this.rmsR = 0;
  }
}

export function meterCreate(sampleRate: f64): usize {
  // Pinned: the host holds the only reference, so a collection must never free it.
  return __pin(changetype<usize>(new LevelMeter(sampleRate)));
}

/** Once per quantum of at most QUANTUM_FRAMES frames, planar f32. */
export function meterMeasure(meter: usize, left: usize, right: usize, frames: i32): void {
  changetype<LevelMeter>(meter).measure(left, right, frames);
}

/** Writes 4 f32 at out: peakL, peakR, rmsL, rmsR (linear). */
export function meterRead(meter: usize, out: usize): void {
  changetype<LevelMeter>(meter).writeTo(out);
}

export function meterReset(meter: usize): void {
  changetype<LevelMeter>(meter).reset();
}

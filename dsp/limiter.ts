import { QUANTUM_FRAMES } from "./abi";
import { besselI0, kaiserWindow } from "./kaiser";

// Master-bus brickwall limiter, stereo linked. Per frame:
//   1. true-peak detector: a 4x polyphase FIR (3 interpolating phases of TAPS taps, Kaiser-windowed
//      sinc) puts 3 points between each pair of samples; a parabola through each local maximum of that
//      4x grid and its neighbours recovers most of what falls between grid points. q[m] is the peak
//      over [m, m + 1) on both channels, known once x[m + HALF_TAPS] has arrived.
//   2. required gain r[m] = ceiling / max(q[m - 1], q[m]), capped at 1: both samples around every
//      interval are held under the ceiling.
//   3. a sliding minimum of r over lookahead + 1 frames, an instant-attack exponential release, then
//      two moving averages whose spans overlap to the same lookahead + 1 frames: every average that
//      lands on frame t only sees values <= r[t], so the smoothed gain never exceeds the required one,
//      and the attack is an S-curve over the lookahead.
//   4. the audio, delayed by the latency, times that gain, clamped to the ceiling (which only ever
//      catches f32 rounding).

// 48 taps per phase rather than BS.1770's 12: the short filter rolls off early, and full-band noise
// then overshoots by up to 1 dB; 48 taps stay within 0.04 dB of a 16x, +-32-frame reference.
const TAPS: i32 = 48;
const HALF_TAPS: i32 = TAPS >> 1;
const KAISER_BETA: f64 = 5;
const LOOKAHEAD_SECONDS: f64 = 0.0015;
/** Exponential release time constant: a gain reduction shrinks by e every 50 ms. */
const RELEASE_SECONDS: f64 = 0.05;
const DEFAULT_CEILING_DB: f64 = -1;
const MIN_CEILING_DB: f64 = -60;
const MIN_SAMPLE_RATE: f64 = 8000;
const MAX_SAMPLE_RATE: f64 = 768000;
// Larger inputs are clamped here (+600 dBFS) so the detector's f32 arithmetic cannot overflow.
const INPUT_LIMIT: f32 = 1e30;
const MIN_NORMAL_F32: f32 = 1.17549435e-38;
/** Frames whose detector is skipped together when their window is clearly under the ceiling. */
const QUIET_RUN: i32 = 32;
/**
 * A detector point is at most L1 (the largest phase's sum of |coefficients|) times the window's
 * largest sample, and a parabola vertex at most 1.25 times its three points (it rises by at most
 * |slope| / 8 and |slope| <= twice the largest). The margin covers f32 rounding.
 */
const VERTEX_BOUND: f64 = 1.25 * 1.001;

/**
 * TAPS v128s: lane j of tap k weighs x[m - HALF_TAPS + 1 + k] for the point j/4 past x[m]. Lane 0
 * is x[m] itself, so one pass yields the 4 grid points of the interval.
 */
function interpolator(): StaticArray<f32> {
  const coefficients = new StaticArray<f32>(TAPS << 2);
  unchecked((coefficients[(HALF_TAPS - 1) << 2] = 1));
  const weights = new StaticArray<f64>(TAPS);
  const i0Beta = besselI0(KAISER_BETA);
  for (let phase = 1; phase < 4; phase++) {
    const fraction = <f64>phase / 4;
    let total: f64 = 0;
    for (let k = 0; k < TAPS; k++) {
      const distance = <f64>(k - HALF_TAPS + 1) - fraction;
      const window = kaiserWindow(distance / <f64>HALF_TAPS, KAISER_BETA, i0Beta);
      const w = (Math.sin(Math.PI * distance) / (Math.PI * distance)) * window;
      unchecked((weights[k] = w));
      total += w;
    }
    // Unity gain at DC, so a constant signal reads its own level.
    for (let k = 0; k < TAPS; k++) unchecked((coefficients[(k << 2) + phase] = <f32>(weights[k] / total)));
  }
  return coefficients;
}

/** The largest phase's sum of |coefficients|: no grid point exceeds it times the window's peak. */
function gainBound(coefficients: StaticArray<f32>): f64 {
  let bound: f64 = 0;
  for (let phase = 0; phase < 4; phase++) {
    let sum: f64 = 0;
    for (let k = 0; k < TAPS; k++) sum += Math.abs(<f64>unchecked(coefficients[(k << 2) + phase]));
    bound = Math.max(bound, sum);
  }
  return bound;
}

/** Running sum over a ring; re-added exactly at every wrap so rounding cannot accumulate. */
class MovingAverage {
  private readonly values: StaticArray<f64>;
  private readonly length: i32;
  private position: i32 = 0;
  private sum: f64 = 0;

  constructor(length: i32) {
    this.values = new StaticArray<f64>(length);
    this.length = length;
    this.fill(1);
  }

  fill(value: f64): void {
    for (let i = 0; i < this.length; i++) unchecked((this.values[i] = value));
    this.sum = value * <f64>this.length;
    this.position = 0;
  }

  push(value: f64): f64 {
    const values = this.values;
    let position = this.position;
    this.sum += value - unchecked(values[position]);
    unchecked((values[position] = value));
    if (++position == this.length) {
      position = 0;
      let exact: f64 = 0;
      for (let i = 0; i < this.length; i++) exact += unchecked(values[i]);
      this.sum = exact;
    }
    this.position = position;
    return this.sum / <f64>this.length;
  }
}

/** Minimum of the last `span` values: a monotonic deque in a ring, amortised O(1) per value. */
class SlidingMinimum {
  private readonly values: StaticArray<f64>;
  private readonly stamps: StaticArray<u32>;
  private readonly capacity: i32;
  private readonly span: u32;
  private head: i32 = 0;
  private count: i32 = 0;
  // Wraps after 2^32 values; the age test below subtracts in u32, so wrapping is harmless.
  private clock: u32 = 0;

  constructor(span: i32) {
    this.capacity = span + 1;
    this.values = new StaticArray<f64>(span + 1);
    this.stamps = new StaticArray<u32>(span + 1);
    this.span = <u32>span;
  }

  clear(): void {
    this.head = 0;
    this.count = 0;
    this.clock = 0;
  }

  push(value: f64): f64 {
    const capacity = this.capacity;
    let count = this.count;
    let head = this.head;
    while (count > 0 && unchecked(this.values[(head + count - 1) % capacity]) >= value) count--;
    const tail = (head + count) % capacity;
    unchecked((this.values[tail] = value));
    unchecked((this.stamps[tail] = this.clock));
    count++;
    while (this.clock - unchecked(this.stamps[head]) >= this.span) {
      head = head + 1 < capacity ? head + 1 : 0;
      count--;
    }
    this.clock++;
    this.head = head;
    this.count = count;
    return unchecked(this.values[head]);
  }
}

export class Limiter {
  private readonly coefficients: StaticArray<f32> = interpolator();
  // TAPS - 1 frames of history, then the current quantum, so every FIR window is contiguous.
  private readonly lineL: StaticArray<f32> = new StaticArray<f32>(TAPS - 1 + QUANTUM_FRAMES);
  private readonly lineR: StaticArray<f32> = new StaticArray<f32>(TAPS - 1 + QUANTUM_FRAMES);
  private readonly delayL: StaticArray<f32>;
  private readonly delayR: StaticArray<f32>;
  private readonly hold: SlidingMinimum;
  private readonly attackA: MovingAverage;
  private readonly attackB: MovingAverage;
  private readonly releaseDecay: f64;
  readonly latency: i32;
  private delayPosition: i32 = 0;
  // The last grid point of the previous interval: the left neighbour of this interval's x[m].
  private lastPointL: f32 = 0;
  private lastPointR: f32 = 0;
  private lastPeak: f64 = 0;
  private released: f64 = 1;
  private ceiling: f64 = 0;
  private clip: f32 = 0;
  /** The FIR's gain bound: max over phases of the sum of |coefficients|. */
  private readonly firBound: f64;

  constructor(sampleRate: f64) {
    // A NaN rate would poison the release and an absurd one the allocations.
    const rate = isNaN(sampleRate) ? 48000 : min(max(sampleRate, MIN_SAMPLE_RATE), MAX_SAMPLE_RATE);
    const lookahead = <i32>Math.round(LOOKAHEAD_SECONDS * rate);
    const span = lookahead + 1;
    this.hold = new SlidingMinimum(span);
    // Spans a and b overlap by one frame: a + b - 1 == span.
    this.attackA = new MovingAverage((span + 2) >> 1);
    this.attackB = new MovingAverage((span + 1) >> 1);
    const latency = lookahead + HALF_TAPS;
    this.delayL = new StaticArray<f32>(latency);
    this.delayR = new StaticArray<f32>(latency);
    this.latency = latency;
    this.releaseDecay = Math.exp(-1 / (RELEASE_SECONDS * rate));
    this.firBound = gainBound(this.coefficients);
    this.setCeilingDb(DEFAULT_CEILING_DB);
  }

  /** Clamped to [-60, 0] dB; NaN keeps the current ceiling. Audio already inside is clamped to it. */
  setCeilingDb(db: f64): void {
    if (isNaN(db)) return;
    const ceiling = 10 ** (min(0, max(MIN_CEILING_DB, db)) / 20);
    let clip = <f32>ceiling;
    if (<f64>clip > ceiling) clip = reinterpret<f32>(reinterpret<u32>(clip) - 1);
    this.ceiling = ceiling;
    this.clip = clip;
  }

  reset(): void {
    memory.fill(changetype<usize>(this.lineL), 0, <usize>((TAPS - 1 + QUANTUM_FRAMES) << 2));
    memory.fill(changetype<usize>(this.lineR), 0, <usize>((TAPS - 1 + QUANTUM_FRAMES) << 2));
    memory.fill(changetype<usize>(this.delayL), 0, <usize>(this.latency << 2));
    memory.fill(changetype<usize>(this.delayR), 0, <usize>(this.latency << 2));
    this.hold.clear();
    this.attackA.fill(1);
    this.attackB.fill(1);
    this.delayPosition = 0;
    this.lastPointL = 0;
    this.lastPointR = 0;
    this.lastPeak = 0;
    this.released = 1;
  }

  /** In place on planar f32, in blocks that fit the FIR line. */
  process(left: usize, right: usize, frames: i32): void {
    for (let done = 0; done < frames; done += QUANTUM_FRAMES) {
      const offset = (<usize>done) << 2;
      this.processBlock(left + offset, right + offset, min(QUANTUM_FRAMES, frames - done));
    }
  }

  private processBlock(left: usize, right: usize, frames: i32): void {
    const lineL = changetype<usize>(this.lineL);
    const lineR = changetype<usize>(this.lineR);
    const newest: usize = (<usize>(TAPS - 1)) << 2;
    for (let i = 0; i < frames; i++) {
      const offset = (<usize>i) << 2;
      store<f32>(lineL + newest + offset, sanitize(load<f32>(left + offset)));
      store<f32>(lineR + newest + offset, sanitize(load<f32>(right + offset)));
    }

    const delayL = changetype<usize>(this.delayL);
    const delayR = changetype<usize>(this.delayR);
    const ceiling = this.ceiling;
    const clip = this.clip;
    const decay = this.releaseDecay;
    let delayPosition = this.delayPosition;
    let lastPeak = this.lastPeak;
    let released = this.released;
    // Runs of frames whose detector could not reach the ceiling skip it: their required gain is 1
    // whatever the exact peaks, so the output is the same to the bit. quietUntil ends such a run.
    let quietUntil = 0;
    for (let i = 0; i < frames; i++) {
      const offset = (<usize>i) << 2;
      if (i >= quietUntil && i % QUIET_RUN == 0 && frames - i >= QUIET_RUN) {
        const bytes = (<usize>(QUIET_RUN + TAPS - 1)) << 2;
        const bound = max(
          max(windowPeak(lineL + offset, bytes) * this.firBound, <f64>abs(this.lastPointL)),
          max(windowPeak(lineR + offset, bytes) * this.firBound, <f64>abs(this.lastPointR)),
        );
        if (bound * VERTEX_BOUND <= ceiling) quietUntil = i + QUIET_RUN;
      }
      let peak: f64 = 0;
      if (i < quietUntil) {
        // The last frame of a quiet run computes its grid: the next interval needs its last point.
        if (i + 1 == quietUntil) {
          this.intervalPeak(lineL + offset, true);
          this.intervalPeak(lineR + offset, false);
        }
      } else {
        peak = <f64>max(this.intervalPeak(lineL + offset, true), this.intervalPeak(lineR + offset, false));
      }
      const span = max(lastPeak, peak);
      lastPeak = peak;
      const required = span > ceiling ? ceiling / span : 1.0;

      released = min(this.hold.push(required), 1 - (1 - released) * decay);
      const gain = min(1.0, this.attackB.push(this.attackA.push(released)));

      const slot = (<usize>delayPosition) << 2;
      const outL = <f32>(<f64>load<f32>(delayL + slot) * gain);
      const outR = <f32>(<f64>load<f32>(delayR + slot) * gain);
      store<f32>(delayL + slot, load<f32>(lineL + newest + offset));
      store<f32>(delayR + slot, load<f32>(lineR + newest + offset));
      delayPosition = delayPosition + 1 < this.latency ? delayPosition + 1 : 0;
      store<f32>(left + offset, clampOutput(outL, clip));
      store<f32>(right + offset, clampOutput(outR, clip));
    }
    this.delayPosition = delayPosition;
    this.lastPeak = lastPeak;
    this.released = released;

    const history = (<usize>(TAPS - 1)) << 2;
    memory.copy(lineL, lineL + ((<usize>frames) << 2), history);
    memory.copy(lineR, lineR + ((<usize>frames) << 2), history);
  }

  /** Peak magnitude over [m, m + 1) where the FIR window x[m - HALF_TAPS + 1 ..] starts at `taps`. */
  @inline
  private intervalPeak(taps: usize, isLeft: bool): f32 {
    const coefficients = changetype<usize>(this.coefficients);
    let grid = f32x4.splat(0);
    for (let k = 0; k < TAPS; k++) {
      const x = f32x4.splat(load<f32>(taps + ((<usize>k) << 2)));
      grid = f32x4.add(grid, f32x4.mul(x, v128.load(coefficients + ((<usize>k) << 4))));
    }
    const lastPoint = isLeft ? this.lastPointL : this.lastPointR;
    const nextSample = load<f32>(taps + ((<usize>HALF_TAPS) << 2));
    if (isLeft) this.lastPointL = f32x4.extract_lane(grid, 3);
    else this.lastPointR = f32x4.extract_lane(grid, 3);
    const before = v128.shuffle<f32>(f32x4.splat(lastPoint), grid, 0, 4, 5, 6);
    const after = v128.shuffle<f32>(grid, f32x4.splat(nextSample), 1, 2, 3, 4);

    // Mirror the neighbours by each point's sign so a negative peak is handled as a positive one.
    const signs = v128.and(grid, f32x4.splat(-0.0));
    const centre = f32x4.abs(grid);
    const a = v128.xor(before, signs);
    const c = v128.xor(after, signs);
    const curvature = f32x4.sub(f32x4.sub(f32x4.add(centre, centre), a), c);
    const slope = f32x4.sub(c, a);
    const isPeak = v128.and(
      v128.and(f32x4.ge(centre, a), f32x4.ge(centre, c)),
      f32x4.gt(curvature, f32x4.splat(0)),
    );
    // At a local maximum |slope| <= curvature, so the vertex rises at most |slope| / 8 above the point.
    const vertex = f32x4.add(
      centre,
      f32x4.mul(slope, f32x4.div(slope, f32x4.mul(curvature, f32x4.splat(8)))),
    );
    const points = v128.bitselect(vertex, centre, isPeak);
    return max(
      max(f32x4.extract_lane(points, 0), f32x4.extract_lane(points, 1)),
      max(f32x4.extract_lane(points, 2), f32x4.extract_lane(points, 3)),
    );
  }
}

/** Largest |sample| of `bytes` bytes of f32 (a multiple of 4, at least 16). */
function windowPeak(from: usize, bytes: usize): f64 {
  let peak = f32x4.splat(0);
  let at: usize = 0;
  for (; at + 16 <= bytes; at += 16) peak = f32x4.max(peak, f32x4.abs(v128.load(from + at)));
  // The tail overlaps what was read: a max does not mind reading a sample twice.
  peak = f32x4.max(peak, f32x4.abs(v128.load(from + bytes - 16)));
  return <f64>(
    max(
      max(f32x4.extract_lane(peak, 0), f32x4.extract_lane(peak, 1)),
      max(f32x4.extract_lane(peak, 2), f32x4.extract_lane(peak, 3)),
    )
  );
}

/** Non-finite becomes 0, denormals 0, huge values INPUT_LIMIT. */
function sanitize(x: f32): f32 {
  if (!isFinite(x) || abs(x) < MIN_NORMAL_F32) return 0;
  return min(INPUT_LIMIT, max(-INPUT_LIMIT, x));
}

function clampOutput(y: f32, clip: f32): f32 {
  return abs(y) < MIN_NORMAL_F32 ? 0 : min(clip, max(-clip, y));
}

export function limiterCreate(sampleRate: f64): usize {
  // Pinned: the host holds the only reference, so a collection must never free it.
  return __pin(changetype<usize>(new Limiter(sampleRate)));
}

export function limiterSetCeilingDb(limiter: usize, db: f64): void {
  changetype<Limiter>(limiter).setCeilingDb(db);
}

/** In place on planar f32 left/right, usually one quantum; the output lags by the latency. */
export function limiterProcess(limiter: usize, left: usize, right: usize, frames: i32): void {
  changetype<Limiter>(limiter).process(left, right, frames);
}

export function limiterLatencyFrames(limiter: usize): i32 {
  return changetype<Limiter>(limiter).latency;
}

export function limiterReset(limiter: usize): void {
  changetype<Limiter>(limiter).reset();
}

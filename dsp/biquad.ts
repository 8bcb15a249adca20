// RBJ Audio EQ Cookbook biquads, designed and run in f64.
//
// Direct Form I: the state is the last two inputs and outputs, which do not depend on the
// coefficients, so the smoothed coefficient updates of track-eq.ts never meet a state built
// by other coefficients (Transposed Direct Form II turns every update into a small transient).
// After a NaN or Inf is flushed out of the state, two clean samples refill it entirely.

export const LOW_PASS: i32 = 0;
export const HIGH_PASS: i32 = 1;
export const PEAKING: i32 = 2;
export const LOW_SHELF: i32 = 3;
export const HIGH_SHELF: i32 = 4;

// State below -600 dBFS is flushed to zero: long before a decaying tail reaches f64
// denormals, which run on a slow path of x86 floating point units, and far below hearing.
const STATE_FLOOR: f64 = 1e-30;

/** The last two inputs and outputs of one channel. */
class History {
  x1: f64 = 0;
  x2: f64 = 0;
  y1: f64 = 0;
  y2: f64 = 0;

  reset(): void {
    this.x1 = 0;
    this.x2 = 0;
    this.y1 = 0;
    this.y2 = 0;
  }
}

// Zero for NaN, infinities and values under STATE_FLOOR; the value otherwise.
function cleanState(v: f64): f64 {
  const a = abs<f64>(v);
  return a >= STATE_FLOOR && a <= f64.MAX_VALUE ? v : 0;
}

// The same, lane by lane; bit for bit equal to cleanState on each lane.
function cleanStatePair(v: v128): v128 {
  const a = f64x2.abs(v);
  const keep = v128.and(f64x2.ge(a, f64x2.splat(STATE_FLOOR)), f64x2.le(a, f64x2.splat(f64.MAX_VALUE)));
  return v128.and(v, keep);
}

function pair(left: f64, right: f64): v128 {
  return f64x2.replace_lane(f64x2.splat(left), 1, right);
}

export class Biquad {
  // Normalised by a0. The defaults pass the signal through.
  b0: f64 = 1;
  b1: f64 = 0;
  b2: f64 = 0;
  a1: f64 = 0;
  a2: f64 = 0;
  private readonly left: History = new History();
  private readonly right: History = new History();

  /** Gain is used by PEAKING and the shelves only; shelves take Q (alpha = sin(w0) / 2Q), not slope. */
  design(kind: i32, sampleRate: f64, frequency: f64, q: f64, gainDb: f64): void {
    const w0 = (2.0 * Math.PI * frequency) / sampleRate;
    const cosW0 = Math.cos(w0);
    const alpha = Math.sin(w0) / (2.0 * q);
    const a = 10.0 ** (gainDb / 40.0);
    let b0: f64 = 1;
    let b1: f64 = 0;
    let b2: f64 = 0;
    let a0: f64 = 1;
    let a1: f64 = 0;
    let a2: f64 = 0;
    if (kind == LOW_PASS) {
      b0 = (1.0 - cosW0) / 2.0;
      b1 = 1.0 - cosW0;
      b2 = (1.0 - cosW0) / 2.0;
      a0 = 1.0 + alpha;
      a1 = -2.0 * cosW0;
      a2 = 1.0 - alpha;
    } else if (kind == HIGH_PASS) {
      b0 = (1.0 + cosW0) / 2.0;
      b1 = -(1.0 + cosW0);
      b2 = (1.0 + cosW0) / 2.0;
      a0 = 1.0 + alpha;
      a1 = -2.0 * cosW0;
      a2 = 1.0 - alpha;
    } else if (kind == PEAKING) {
      b0 = 1.0 + alpha * a;
      b1 = -2.0 * cosW0;
      b2 = 1.0 - alpha * a;
      a0 = 1.0 + alpha / a;
      a1 = -2.0 * cosW0;
      a2 = 1.0 - alpha / a;
    } else if (kind == LOW_SHELF) {
      const s = 2.0 * Math.sqrt(a) * alpha;
      b0 = a * (a + 1.0 - (a - 1.0) * cosW0 + s);
      b1 = 2.0 * a * (a - 1.0 - (a + 1.0) * cosW0);
      b2 = a * (a + 1.0 - (a - 1.0) * cosW0 - s);
      a0 = a + 1.0 + (a - 1.0) * cosW0 + s;
      a1 = -2.0 * (a - 1.0 + (a + 1.0) * cosW0);
      a2 = a + 1.0 + (a - 1.0) * cosW0 - s;
    } else {
      const s = 2.0 * Math.sqrt(a) * alpha;
      b0 = a * (a + 1.0 + (a - 1.0) * cosW0 + s);
      b1 = -2.0 * a * (a - 1.0 + (a + 1.0) * cosW0);
      b2 = a * (a + 1.0 + (a - 1.0) * cosW0 - s);
      a0 = a + 1.0 - (a - 1.0) * cosW0 + s;
      a1 = 2.0 * (a - 1.0 - (a + 1.0) * cosW0);
      a2 = a + 1.0 - (a - 1.0) * cosW0 - s;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
  }

  reset(): void {
    this.left.reset();
    this.right.reset();
  }

  /**
   * SIMD path: filters `frames` stereo frames in place, stored as f64x2 [left, right] per frame.
   * While `delta` is not 0 the output crossfades between the input and the filtered signal: the
   * wet share `mix` moves by `delta` per frame within [0, 1], and the final share is returned.
   * A fade-out that reaches 0 leaves the rest of the frames dry and untouched.
   */
  runStereo(buf: usize, frames: i32, mix: f64, delta: f64): f64 {
    const b0 = f64x2.splat(this.b0);
    const b1 = f64x2.splat(this.b1);
    const b2 = f64x2.splat(this.b2);
    const a1 = f64x2.splat(this.a1);
    const a2 = f64x2.splat(this.a2);
    const l = this.left;
    const r = this.right;
    let x1 = pair(l.x1, r.x1);
    let x2 = pair(l.x2, r.x2);
    let y1 = pair(l.y1, r.y1);
    let y2 = pair(l.y2, r.y2);
    let i = 0;
    let end = frames;
    if (delta != 0) {
      for (; i < frames; i++) {
        mix = min<f64>(max<f64>(mix + delta, 0), 1);
        if (mix == 0) break;
        const p = buf + ((<usize>i) << 4);
        const x = v128.load(p);
        const y = dfPair(b0, b1, b2, a1, a2, x, x1, x2, y1, y2);
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        if (mix == 1) {
          // Faded in: the rest of the frames take the plain loop below.
          v128.store(p, y);
          i++;
          break;
        }
        v128.store(p, f64x2.add(x, f64x2.mul(f64x2.splat(mix), f64x2.sub(y, x))));
      }
      if (mix == 0) end = i;
    }
    for (; i < end; i++) {
      const p = buf + ((<usize>i) << 4);
      const x = v128.load(p);
      const y = dfPair(b0, b1, b2, a1, a2, x, x1, x2, y1, y2);
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      v128.store(p, y);
    }
    x1 = cleanStatePair(x1);
    x2 = cleanStatePair(x2);
    y1 = cleanStatePair(y1);
    y2 = cleanStatePair(y2);
    l.x1 = f64x2.extract_lane(x1, 0);
    l.x2 = f64x2.extract_lane(x2, 0);
    l.y1 = f64x2.extract_lane(y1, 0);
    l.y2 = f64x2.extract_lane(y2, 0);
    r.x1 = f64x2.extract_lane(x1, 1);
    r.x2 = f64x2.extract_lane(x2, 1);
    r.y1 = f64x2.extract_lane(y1, 1);
    r.y2 = f64x2.extract_lane(y2, 1);
    return mix;
  }

  /** Scalar path: as runStereo, on two planes of f64 samples, one channel after the other. */
  runPlanar(left: usize, right: usize, frames: i32, mix: f64, delta: f64): f64 {
    runChannel(this, this.left, left, frames, mix, delta);
    return runChannel(this, this.right, right, frames, mix, delta);
  }
}

// Direct Form I, with the additions in the same order as df() so both paths round alike.
function dfPair(
  b0: v128,
  b1: v128,
  b2: v128,
  a1: v128,
  a2: v128,
  x: v128,
  x1: v128,
  x2: v128,
  y1: v128,
  y2: v128,
): v128 {
  const feedForward = f64x2.add(f64x2.add(f64x2.mul(b0, x), f64x2.mul(b1, x1)), f64x2.mul(b2, x2));
  return f64x2.sub(f64x2.sub(feedForward, f64x2.mul(a1, y1)), f64x2.mul(a2, y2));
}

function df(b0: f64, b1: f64, b2: f64, a1: f64, a2: f64, x: f64, x1: f64, x2: f64, y1: f64, y2: f64): f64 {
  return b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
}

function runChannel(f: Biquad, h: History, buf: usize, frames: i32, mix: f64, delta: f64): f64 {
  const b0 = f.b0;
  const b1 = f.b1;
  const b2 = f.b2;
  const a1 = f.a1;
  const a2 = f.a2;
  let x1 = h.x1;
  let x2 = h.x2;
  let y1 = h.y1;
  let y2 = h.y2;
  let i = 0;
  let end = frames;
  if (delta != 0) {
    for (; i < frames; i++) {
      mix = min<f64>(max<f64>(mix + delta, 0), 1);
      if (mix == 0) break;
      const p = buf + ((<usize>i) << 3);
      const x = load<f64>(p);
      const y = df(b0, b1, b2, a1, a2, x, x1, x2, y1, y2);
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      if (mix == 1) {
        store<f64>(p, y);
        i++;
        break;
      }
      store<f64>(p, x + mix * (y - x));
    }
    if (mix == 0) end = i;
  }
  for (; i < end; i++) {
    const p = buf + ((<usize>i) << 3);
    const x = load<f64>(p);
    const y = df(b0, b1, b2, a1, a2, x, x1, x2, y1, y2);
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    store<f64>(p, y);
  }
  h.x1 = cleanState(x1);
  h.x2 = cleanState(x2);
  h.y1 = cleanState(y1);
  h.y2 = cleanState(y2);
  return mix;
}

// RBJ Audio EQ Cookbook biquads, designed and run in f64.
//
// Direct Form I: the state is the last two inputs and outputs, which do not depend on the
// coefficients, so the smoothed coefficient updates of track-eq.ts never meet a state built
// by other coefficients (Transposed Direct Form II turns every update into a small transient).
// After a NaN or Inf is flushed out of the state, two clean samples refill it entirely.
//
// The sum takes the previous output's term last: the recursion through it is then a multiply and a
// subtraction long, not a multiply and two subtractions, and that recursion is what bounds the speed
// of a filter run sample after sample.

export const LOW_PASS: i32 = 0;
export const HIGH_PASS: i32 = 1;
export const PEAKING: i32 = 2;
export const LOW_SHELF: i32 = 3;
export const HIGH_SHELF: i32 = 4;

// State below -600 dBFS is flushed to zero: long before a decaying tail reaches f64
// denormals, which run on a slow path of x86 floating point units, and far below hearing.
const STATE_FLOOR: f64 = 1e-30;

// isTransparent() takes a neutral filter for a pass-through once its memory differs from one by no
// more than this (-240 dBFS): the ringing that skipping it drops is then far below anything the f32
// output holds, while rounding noise alone (about 1e-16 of the signal, times the poles' gain) stays
// under it.
const RINGING_FLOOR: f64 = 1e-12;

// The coefficients of the two filters of runStereoPair, each splatted to [left, right]. Loading them
// in the loop rather than holding them in locals keeps the loop within the x64 vector registers V8
// allocates (holding all ten spills the filter states instead, which is far slower).
const PAIR_COEFFICIENTS: usize = memory.data(10 << 4, 16);

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

function saveHistory(l: History, r: History, x1: v128, x2: v128, y1: v128, y2: v128): void {
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
}

function storeSplat(at: usize, v: f64): void {
  v128.store(at, f64x2.splat(v));
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
    saveHistory(l, r, x1, x2, y1, y2);
    return mix;
  }

  /**
   * SIMD path for this filter and then `next`, both fully wet, filtering `frames` f64x2 frames in
   * place sample by sample: the two recursions overlap instead of one waiting for the whole block
   * of the other. Equal bit for bit to runStereo on this and then on next when feeds(next) holds,
   * since next's input history is then this filter's output history, which the loop keeps once.
   */
  runStereoPair(next: Biquad, buf: usize, frames: i32): void {
    const c = PAIR_COEFFICIENTS;
    storeSplat(c, this.b0);
    storeSplat(c + 16, this.b1);
    storeSplat(c + 32, this.b2);
    storeSplat(c + 48, this.a1);
    storeSplat(c + 64, this.a2);
    storeSplat(c + 80, next.b0);
    storeSplat(c + 96, next.b1);
    storeSplat(c + 112, next.b2);
    storeSplat(c + 128, next.a1);
    storeSplat(c + 144, next.a2);
    const l = this.left;
    const r = this.right;
    const nl = next.left;
    const nr = next.right;
    let x1 = pair(l.x1, r.x1);
    let x2 = pair(l.x2, r.x2);
    let y1 = pair(l.y1, r.y1);
    let y2 = pair(l.y2, r.y2);
    let z1 = pair(nl.y1, nr.y1);
    let z2 = pair(nl.y2, nr.y2);
    for (let i = 0; i < frames; i++) {
      const p = buf + ((<usize>i) << 4);
      const x = v128.load(p);
      const y = dfStored(c, x, x1, x2, y1, y2);
      const z = dfStored(c + 80, y, y1, y2, z1, z2);
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      v128.store(p, z);
    }
    saveHistory(l, r, x1, x2, y1, y2);
    saveHistory(nl, nr, y1, y2, z1, z2);
  }

  /** Whether `next` has seen exactly this filter's output as its last two inputs: see runStereoPair. */
  feeds(next: Biquad): bool {
    const l = this.left;
    const r = this.right;
    const nl = next.left;
    const nr = next.right;
    // States are cleaned (no NaN, zeros positive), so == compares their bits.
    return nl.x1 == l.y1 && nl.x2 == l.y2 && nr.x1 == r.y1 && nr.x2 == r.y2;
  }

  /**
   * Whether filtering would return the input give or take rounding: the coefficients pass the signal
   * unchanged (a shelf or peak at exactly 0 dB designs b = a), and the memory holds nothing of an
   * earlier design (just after gliding to 0 dB the filter still rings with the old gain for a while).
   */
  isTransparent(): bool {
    if (this.b0 != 1 || this.b1 != this.a1 || this.b2 != this.a2) return false;
    const l = this.left;
    const r = this.right;
    return (
      abs<f64>(l.y1 - l.x1) <= RINGING_FLOOR &&
      abs<f64>(l.y2 - l.x2) <= RINGING_FLOOR &&
      abs<f64>(r.y1 - r.x1) <= RINGING_FLOOR &&
      abs<f64>(r.y2 - r.x2) <= RINGING_FLOOR
    );
  }

  /**
   * Stands in for running a transparent filter over a block, its input taken as its output: records
   * the last two samples, l1 and r1 the newest, l2 and r2 before them (ignored when `frames` is 1).
   * Both paths call this, so skipping a transparent stage keeps them equal.
   */
  pass(frames: i32, l1: f64, l2: f64, r1: f64, r2: f64): void {
    const l = this.left;
    const r = this.right;
    if (frames < 2) {
      l2 = l.x1;
      r2 = r.x1;
    }
    l1 = cleanState(l1);
    l2 = cleanState(l2);
    r1 = cleanState(r1);
    r2 = cleanState(r2);
    l.x1 = l1;
    l.x2 = l2;
    l.y1 = l1;
    l.y2 = l2;
    r.x1 = r1;
    r.x2 = r2;
    r.y1 = r1;
    r.y2 = r2;
  }

  /** pass() with `source`'s last outputs as the signal. */
  passFrom(source: Biquad, frames: i32): void {
    const l = source.left;
    const r = source.right;
    this.pass(frames, l.y1, l.y2, r.y1, r.y2);
  }

  /** Scalar path: as runStereo, on two planes of f64 samples, one channel after the other. */
  runPlanar(left: usize, right: usize, frames: i32, mix: f64, delta: f64): f64 {
    runChannel(this, this.left, left, frames, mix, delta);
    return runChannel(this, this.right, right, frames, mix, delta);
  }
}

// Direct Form I, with the additions in the same order as df() so both paths round alike. The
// previous output comes in last (see the top of the file); the input just before it, so that in a
// chain run sample by sample the next filter waits on this one for as little as possible.
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
  const history = f64x2.sub(f64x2.add(f64x2.mul(b1, x1), f64x2.mul(b2, x2)), f64x2.mul(a2, y2));
  return f64x2.sub(f64x2.add(history, f64x2.mul(b0, x)), f64x2.mul(a1, y1));
}

// dfPair with the coefficients read from `c` (b0, b1, b2, a1, a2, splatted, 16 bytes apart).
function dfStored(c: usize, x: v128, x1: v128, x2: v128, y1: v128, y2: v128): v128 {
  return dfPair(
    v128.load(c, 0),
    v128.load(c, 16),
    v128.load(c, 32),
    v128.load(c, 48),
    v128.load(c, 64),
    x,
    x1,
    x2,
    y1,
    y2,
  );
}

function df(b0: f64, b1: f64, b2: f64, a1: f64, a2: f64, x: f64, x1: f64, x2: f64, y1: f64, y2: f64): f64 {
  return b1 * x1 + b2 * x2 - a2 * y2 + b0 * x - a1 * y1;
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

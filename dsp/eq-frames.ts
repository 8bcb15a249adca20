// One render quantum of a stereo processor in f64, and the conversions from and to the f32
// planes the host gives: the SIMD path keeps frames as f64x2 [left, right], the scalar path a left
// plane then a right plane. What reaches the f32 output is made safe on the way out.

import { QUANTUM_FRAMES } from "./abi";

// What reaches the f32 output: NaN and infinities become 0, f32 denormals become 0 (they are slow
// downstream and inaudible), finite values past the f32 range saturate instead of becoming Inf.
const F32_MIN_NORMAL: f64 = 1.1754943508222875e-38;
const F32_MAX: f64 = 3.4028234663852886e38;

// One render quantum in f64, shared by every EQ (the audio thread runs one at a time): the SIMD
// path stores frames as f64x2 [left, right], the scalar path as a left plane then a right plane.
export const SCRATCH: usize = memory.data(QUANTUM_FRAMES << 4, 16);
export const SCRATCH_RIGHT: usize = SCRATCH + ((<usize>QUANTUM_FRAMES) << 3);

// Four frames per turn where possible: two plane loads and shuffles cost less than a lane insert
// per frame.
export function loadStereo(left: usize, right: usize, frames: i32): void {
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const o = (<usize>i) << 2;
    const l = v128.load(left + o);
    const r = v128.load(right + o);
    const lr01 = i32x4.shuffle(l, r, 0, 4, 1, 5);
    const lr23 = i32x4.shuffle(l, r, 2, 6, 3, 7);
    const p = SCRATCH + ((<usize>i) << 4);
    v128.store(p, f64x2.promote_low_f32x4(lr01));
    v128.store(p, f64x2.promote_low_f32x4(i64x2.shuffle(lr01, lr01, 1, 1)), 16);
    v128.store(p, f64x2.promote_low_f32x4(lr23), 32);
    v128.store(p, f64x2.promote_low_f32x4(i64x2.shuffle(lr23, lr23, 1, 1)), 48);
  }
  for (; i < frames; i++) {
    const o = (<usize>i) << 2;
    const lr = v128.load32_lane(right + o, v128.load32_zero(left + o), 1);
    v128.store(SCRATCH + ((<usize>i) << 4), f64x2.promote_low_f32x4(lr));
  }
}

// The bounds of toOutput, splatted: minimum normal, maximum finite, lowest and highest output. Read
// from memory in the loop: V8 rebuilds a vector constant from immediates at every use.
const OUTPUT_BOUNDS: usize = memory.data<f64>(
  [F32_MIN_NORMAL, F32_MIN_NORMAL, f64.MAX_VALUE, f64.MAX_VALUE, -F32_MAX, -F32_MAX, F32_MAX, F32_MAX],
  16,
);

// toOutput on both lanes of a frame: f32x4 [left, right, 0, 0].
function toOutputPair(y: v128): v128 {
  const a = f64x2.abs(y);
  const normal = v128.and(f64x2.ge(a, v128.load(OUTPUT_BOUNDS)), f64x2.le(a, v128.load(OUTPUT_BOUNDS, 16)));
  // pmax and pmin are one instruction each on x86, where max and min take a NaN-safe sequence of
  // eight; v128.and has made every NaN 0, so they agree with toOutput's max and min.
  const clamped = f64x2.pmin(
    f64x2.pmax(v128.and(y, normal), v128.load(OUTPUT_BOUNDS, 32)),
    v128.load(OUTPUT_BOUNDS, 48),
  );
  return f32x4.demote_f64x2_zero(clamped);
}

export function storeStereo(left: usize, right: usize, frames: i32): void {
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const p = SCRATCH + ((<usize>i) << 4);
    const lr01 = i64x2.shuffle(toOutputPair(v128.load(p)), toOutputPair(v128.load(p, 16)), 0, 2);
    const lr23 = i64x2.shuffle(toOutputPair(v128.load(p, 32)), toOutputPair(v128.load(p, 48)), 0, 2);
    const o = (<usize>i) << 2;
    v128.store(left + o, i32x4.shuffle(lr01, lr23, 0, 2, 4, 6));
    v128.store(right + o, i32x4.shuffle(lr01, lr23, 1, 3, 5, 7));
  }
  for (; i < frames; i++) {
    const lr = toOutputPair(v128.load(SCRATCH + ((<usize>i) << 4)));
    const o = (<usize>i) << 2;
    v128.store32_lane(left + o, lr, 0);
    v128.store32_lane(right + o, lr, 1);
  }
}

// What toOutput makes of a sample that came in as f32: itself if it is a normal finite number, else 0.
export function guardInPlace(buf: usize, frames: i32): void {
  const minNormal = f32x4.splat(<f32>F32_MIN_NORMAL);
  const maxFinite = f32x4.splat(<f32>F32_MAX);
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const p = buf + ((<usize>i) << 2);
    const x = v128.load(p);
    const a = f32x4.abs(x);
    v128.store(p, v128.and(x, v128.and(f32x4.ge(a, minNormal), f32x4.le(a, maxFinite))));
  }
  for (; i < frames; i++) {
    const p = buf + ((<usize>i) << 2);
    store<f32>(p, toOutput(<f64>load<f32>(p)));
  }
}

export function loadPlanar(left: usize, right: usize, frames: i32): void {
  for (let i = 0; i < frames; i++) {
    const o = (<usize>i) << 2;
    const p = (<usize>i) << 3;
    store<f64>(SCRATCH + p, <f64>load<f32>(left + o));
    store<f64>(SCRATCH_RIGHT + p, <f64>load<f32>(right + o));
  }
}

export function storePlanar(left: usize, right: usize, frames: i32): void {
  for (let i = 0; i < frames; i++) {
    const o = (<usize>i) << 2;
    const p = (<usize>i) << 3;
    store<f32>(left + o, toOutput(load<f64>(SCRATCH + p)));
    store<f32>(right + o, toOutput(load<f64>(SCRATCH_RIGHT + p)));
  }
}

// The scalar twin of storeStereo's lane arithmetic.
function toOutput(y: f64): f32 {
  const a = abs<f64>(y);
  const kept: f64 = a >= F32_MIN_NORMAL && a <= f64.MAX_VALUE ? y : 0;
  return <f32>min<f64>(max<f64>(kept, -F32_MAX), F32_MAX);
}

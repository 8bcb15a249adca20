// Array passes of the stretcher that are not spectral math: reading the input
// clean, the bin-interleaved copies the pitch map reads, and the smoothing of
// the spectral envelope. All work on raw f32 arrays, allocating nothing.

/** Input samples beyond this magnitude (and NaN) are read as 0, so no spectrum can overflow f32. */
export const SAMPLE_LIMIT: f32 = 1e9;
/** ...and below this one (-300 dBFS) as 0 too. */
export const SAMPLE_FLOOR: f32 = 1e-15;

/** quad[4k + j] = (a, b, c, d)[j][k] for k < count (rounded up to 4): a 4x4 transpose per 4 bins. */
export function interleave(quad: usize, a: usize, b: usize, c: usize, d: usize, count: i32): void {
  for (let k = 0; k < count; k += 4) {
    const o = (<usize>k) << 2;
    const va = v128.load(a + o);
    const vb = v128.load(b + o);
    const vc = v128.load(c + o);
    const vd = v128.load(d + o);
    const ab0 = f32x4.shuffle(va, vb, 0, 4, 1, 5);
    const ab1 = f32x4.shuffle(va, vb, 2, 6, 3, 7);
    const cd0 = f32x4.shuffle(vc, vd, 0, 4, 1, 5);
    const cd1 = f32x4.shuffle(vc, vd, 2, 6, 3, 7);
    const q = quad + (o << 2);
    v128.store(q, f32x4.shuffle(ab0, cd0, 0, 1, 4, 5));
    v128.store(q, f32x4.shuffle(ab0, cd0, 2, 3, 6, 7), 16);
    v128.store(q, f32x4.shuffle(ab1, cd1, 0, 1, 4, 5), 32);
    v128.store(q, f32x4.shuffle(ab1, cd1, 2, 3, 6, 7), 48);
  }
}

/** The inverse of interleave. */
export function deinterleave(quad: usize, a: usize, b: usize, c: usize, d: usize, count: i32): void {
  for (let k = 0; k < count; k += 4) {
    const o = (<usize>k) << 2;
    const q = quad + (o << 2);
    const q0 = v128.load(q);
    const q1 = v128.load(q, 16);
    const q2 = v128.load(q, 32);
    const q3 = v128.load(q, 48);
    const t0 = f32x4.shuffle(q0, q1, 0, 4, 1, 5);
    const t1 = f32x4.shuffle(q0, q1, 2, 6, 3, 7);
    const t2 = f32x4.shuffle(q2, q3, 0, 4, 1, 5);
    const t3 = f32x4.shuffle(q2, q3, 2, 6, 3, 7);
    v128.store(a + o, f32x4.shuffle(t0, t2, 0, 1, 4, 5));
    v128.store(b + o, f32x4.shuffle(t0, t2, 2, 3, 6, 7));
    v128.store(c + o, f32x4.shuffle(t1, t3, 0, 1, 4, 5));
    v128.store(d + o, f32x4.shuffle(t1, t3, 2, 3, 6, 7));
  }
}

/** out[i] = the largest of data[i - width/2 .. i + width/2] (clamped to the array). */
export function maxFilter(out: usize, data: usize, count: i32, width: i32): void {
  const h = width >> 1;
  for (let i = 0; i < count; i++) {
    const a = max(0, i - h);
    const b = min(count, i + h + 1);
    let m: f32 = 0;
    for (let j = a; j < b; j++) m = Mathf.max(m, load<f32>(data + ((<usize>j) << 2)));
    store<f32>(out + ((<usize>i) << 2), m);
  }
}

/** In place: each of `count` values becomes the mean over a window of `width` around it (edges clamped). */
export function boxSmooth(data: usize, prefix: usize, count: i32, width: i32): void {
  let sum: f32 = 0;
  store<f32>(prefix, 0);
  for (let i = 0; i < count; i++) {
    sum += load<f32>(data + ((<usize>i) << 2));
    store<f32>(prefix + ((<usize>(i + 1)) << 2), sum);
  }
  const h = width >> 1;
  for (let i = 0; i < count; i++) {
    const a = max(0, i - h);
    const b = min(count, i + h + 1);
    const s = load<f32>(prefix + ((<usize>b) << 2)) - load<f32>(prefix + ((<usize>a) << 2));
    store<f32>(data + ((<usize>i) << 2), s / <f32>(b - a));
  }
}

/**
 * Copies f32 frames, reading NaN, infinities and magnitudes beyond
 * SAMPLE_LIMIT as 0 (as the resampler does), and magnitudes below SAMPLE_FLOOR
 * too: a fading tail would otherwise fill the spectra with subnormal numbers,
 * which the CPU handles a hundred times slower.
 */
export function cleanCopy(dst: usize, src: usize, frames: i32): void {
  const limit = f32x4.splat(SAMPLE_LIMIT);
  const floor = f32x4.splat(SAMPLE_FLOOR);
  let i = 0;
  for (; i + 4 <= frames; i += 4) {
    const v = v128.load(src + ((<usize>i) << 2));
    const a = f32x4.abs(v);
    // NaN compares false, so it is dropped with the rest.
    v128.store(dst + ((<usize>i) << 2), v128.and(v, v128.and(f32x4.le(a, limit), f32x4.ge(a, floor))));
  }
  for (; i < frames; i++) {
    const v = load<f32>(src + ((<usize>i) << 2));
    const a = Mathf.abs(v);
    store<f32>(dst + ((<usize>i) << 2), a <= SAMPLE_LIMIT && a >= SAMPLE_FLOOR ? v : 0);
  }
}

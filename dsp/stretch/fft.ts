// Complex FFT on split (planar) f32 arrays: radix-4 Stockham passes (and a
// last radix-2 pass when log2(size) is odd), four butterflies per f32x4.
// The core's one FFT: the stretcher, the beat analysis's STFT and the analysis
// exports all use it.
//
// Split arrays, not interleaved pairs: a complex multiply is then four lane-wise
// multiplies on four bins at once, with no shuffles, and two real channels pack
// into one transform as its real and imaginary parts (the stretcher's stereo
// pair costs one complex FFT, not two real ones).
//
// Stockham ordering needs no bit reversal: each pass reads one buffer and writes
// the other in natural order. Passes after the first have a stride of at least
// four, so their inner loop is contiguous vectors; the first (stride 1) runs
// four butterflies side by side and transposes their 4x4 results on the way out.
//
// The transform is unnormalised, e^(-i): X[k] = sum x[n] e^(-2 pi i k n / N).
// The inverse is forward(im, re): swapping the parts conjugates on the way in
// and out, which turns e^(-i) into e^(+i).

const MIN_SIZE: i32 = 16;

@unmanaged
export class Fft {
  readonly size: i32;
  /** Twiddles of every radix-4 pass with n >= 8, six planar arrays of n/4 each: w1, w2, w3 (re, im). */
  private readonly twiddles: usize;
  private readonly workRe: usize;
  private readonly workIm: usize;

  /** size: a power of two, at least 16. */
  constructor(size: i32) {
    assert(size >= MIN_SIZE && (size & (size - 1)) == 0);
    this.size = size;
    let floats = 0;
    for (let n = size; n >= 8; n >>= 2) floats += 6 * (n >> 2);
    this.twiddles = heap.alloc((<usize>floats) << 2);
    let at = this.twiddles;
    for (let n = size; n >= 8; n >>= 2) {
      const quarter = n >> 2;
      for (let p = 0; p < quarter; p++) {
        for (let m = 1; m <= 3; m++) {
          const angle = (-2.0 * Math.PI * <f64>(m * p)) / <f64>n;
          store<f32>(at + ((<usize>((2 * m - 2) * quarter + p)) << 2), <f32>Math.cos(angle));
          store<f32>(at + ((<usize>((2 * m - 1) * quarter + p)) << 2), <f32>Math.sin(angle));
        }
      }
      at += (<usize>(6 * quarter)) << 2;
    }
    this.workRe = heap.alloc((<usize>size) << 2);
    this.workIm = heap.alloc((<usize>size) << 2);
  }

  destroy(): void {
    heap.free(this.twiddles);
    heap.free(this.workRe);
    heap.free(this.workIm);
    heap.free(changetype<usize>(this));
  }

  /** In place: (re, im) of `size` floats each become their forward transform. */
  forward(re: usize, im: usize): void {
    const size = this.size;
    let xr = re;
    let xi = im;
    let yr = this.workRe;
    let yi = this.workIm;
    firstPass(size, this.twiddles, xr, xi, yr, yi);
    let tw = this.twiddles + ((<usize>(6 * (size >> 2))) << 2);
    let s = 4;
    let n = size >> 2;
    while (n >= 4) {
      // Ping-pong: last pass's output is this pass's input.
      const tr = xr;
      const ti = xi;
      xr = yr;
      xi = yi;
      yr = tr;
      yi = ti;
      if (n == 4) {
        lastRadix4Pass(size, xr, xi, yr, yi);
      } else {
        radix4Pass(size, n, s, tw, xr, xi, yr, yi);
        tw += (<usize>(6 * (n >> 2))) << 2;
      }
      s <<= 2;
      n >>= 2;
    }
    if (n == 2) {
      const tr = xr;
      const ti = xi;
      xr = yr;
      xi = yi;
      yr = tr;
      yi = ti;
      radix2Pass(size, xr, xi, yr, yi);
    }
    if (yr != re) {
      memory.copy(re, yr, (<usize>size) << 2);
      memory.copy(im, yi, (<usize>size) << 2);
    }
  }
}

/** Stride 1: four butterflies p..p+3 side by side; their outputs 4p..4p+15 are a transposed 4x4 block. */
function firstPass(size: i32, tw: usize, xr: usize, xi: usize, yr: usize, yi: usize): void {
  const quarter = size >> 2;
  const qb = (<usize>quarter) << 2;
  for (let p = 0; p < quarter; p += 4) {
    const o = (<usize>p) << 2;
    const ar = v128.load(xr + o);
    const ai = v128.load(xi + o);
    const br = v128.load(xr + o + qb);
    const bi = v128.load(xi + o + qb);
    const cr = v128.load(xr + o + 2 * qb);
    const ci = v128.load(xi + o + 2 * qb);
    const dr = v128.load(xr + o + 3 * qb);
    const di = v128.load(xi + o + 3 * qb);
    const apcr = f32x4.add(ar, cr);
    const apci = f32x4.add(ai, ci);
    const amcr = f32x4.sub(ar, cr);
    const amci = f32x4.sub(ai, ci);
    const bpdr = f32x4.add(br, dr);
    const bpdi = f32x4.add(bi, di);
    const bmdr = f32x4.sub(br, dr);
    const bmdi = f32x4.sub(bi, di);
    const y0r = f32x4.add(apcr, bpdr);
    const y0i = f32x4.add(apci, bpdi);
    // (a - c) -+ i (b - d)
    const t1r = f32x4.add(amcr, bmdi);
    const t1i = f32x4.sub(amci, bmdr);
    const t2r = f32x4.sub(apcr, bpdr);
    const t2i = f32x4.sub(apci, bpdi);
    const t3r = f32x4.sub(amcr, bmdi);
    const t3i = f32x4.add(amci, bmdr);
    const w1r = v128.load(tw + o);
    const w1i = v128.load(tw + o + qb);
    const w2r = v128.load(tw + o + 2 * qb);
    const w2i = v128.load(tw + o + 3 * qb);
    const w3r = v128.load(tw + o + 4 * qb);
    const w3i = v128.load(tw + o + 5 * qb);
    const y1r = f32x4.sub(f32x4.mul(t1r, w1r), f32x4.mul(t1i, w1i));
    const y1i = f32x4.add(f32x4.mul(t1r, w1i), f32x4.mul(t1i, w1r));
    const y2r = f32x4.sub(f32x4.mul(t2r, w2r), f32x4.mul(t2i, w2i));
    const y2i = f32x4.add(f32x4.mul(t2r, w2i), f32x4.mul(t2i, w2r));
    const y3r = f32x4.sub(f32x4.mul(t3r, w3r), f32x4.mul(t3i, w3i));
    const y3i = f32x4.add(f32x4.mul(t3r, w3i), f32x4.mul(t3i, w3r));
    storeTransposed(yr + (o << 2), y0r, y1r, y2r, y3r);
    storeTransposed(yi + (o << 2), y0i, y1i, y2i, y3i);
  }
}

/** Stores lane j of a, b, c, d at out[4j], out[4j+1], out[4j+2], out[4j+3]. */
function storeTransposed(out: usize, a: v128, b: v128, c: v128, d: v128): void {
  const ab0 = f32x4.shuffle(a, b, 0, 4, 1, 5);
  const ab1 = f32x4.shuffle(a, b, 2, 6, 3, 7);
  const cd0 = f32x4.shuffle(c, d, 0, 4, 1, 5);
  const cd1 = f32x4.shuffle(c, d, 2, 6, 3, 7);
  v128.store(out, f32x4.shuffle(ab0, cd0, 0, 1, 4, 5));
  v128.store(out, f32x4.shuffle(ab0, cd0, 2, 3, 6, 7), 16);
  v128.store(out, f32x4.shuffle(ab1, cd1, 0, 1, 4, 5), 32);
  v128.store(out, f32x4.shuffle(ab1, cd1, 2, 3, 6, 7), 48);
}

/** A radix-4 pass of length n and stride s (n * s = size, s >= 4): vectors run along the stride. */
function radix4Pass(size: i32, n: i32, s: i32, tw: usize, xr: usize, xi: usize, yr: usize, yi: usize): void {
  const quarter = n >> 2;
  const qtw = (<usize>quarter) << 2;
  // Inputs of one butterfly sit size/4 apart; outputs s apart.
  const inStep = (<usize>(size >> 2)) << 2;
  const outStep = (<usize>s) << 2;
  for (let p = 0; p < quarter; p++) {
    const t = tw + ((<usize>p) << 2);
    const w1r = f32x4.splat(load<f32>(t));
    const w1i = f32x4.splat(load<f32>(t + qtw));
    const w2r = f32x4.splat(load<f32>(t + 2 * qtw));
    const w2i = f32x4.splat(load<f32>(t + 3 * qtw));
    const w3r = f32x4.splat(load<f32>(t + 4 * qtw));
    const w3i = f32x4.splat(load<f32>(t + 5 * qtw));
    const inBase = (<usize>(s * p)) << 2;
    const outBase = (<usize>(4 * s * p)) << 2;
    for (let q: usize = 0; q < outStep; q += 16) {
      const i0 = inBase + q;
      const ar = v128.load(xr + i0);
      const ai = v128.load(xi + i0);
      const br = v128.load(xr + i0 + inStep);
      const bi = v128.load(xi + i0 + inStep);
      const cr = v128.load(xr + i0 + 2 * inStep);
      const ci = v128.load(xi + i0 + 2 * inStep);
      const dr = v128.load(xr + i0 + 3 * inStep);
      const di = v128.load(xi + i0 + 3 * inStep);
      const apcr = f32x4.add(ar, cr);
      const apci = f32x4.add(ai, ci);
      const amcr = f32x4.sub(ar, cr);
      const amci = f32x4.sub(ai, ci);
      const bpdr = f32x4.add(br, dr);
      const bpdi = f32x4.add(bi, di);
      const bmdr = f32x4.sub(br, dr);
      const bmdi = f32x4.sub(bi, di);
      const t1r = f32x4.add(amcr, bmdi);
      const t1i = f32x4.sub(amci, bmdr);
      const t2r = f32x4.sub(apcr, bpdr);
      const t2i = f32x4.sub(apci, bpdi);
      const t3r = f32x4.sub(amcr, bmdi);
      const t3i = f32x4.add(amci, bmdr);
      const o0 = outBase + q;
      v128.store(yr + o0, f32x4.add(apcr, bpdr));
      v128.store(yi + o0, f32x4.add(apci, bpdi));
      v128.store(yr + o0 + outStep, f32x4.sub(f32x4.mul(t1r, w1r), f32x4.mul(t1i, w1i)));
      v128.store(yi + o0 + outStep, f32x4.add(f32x4.mul(t1r, w1i), f32x4.mul(t1i, w1r)));
      v128.store(yr + o0 + 2 * outStep, f32x4.sub(f32x4.mul(t2r, w2r), f32x4.mul(t2i, w2i)));
      v128.store(yi + o0 + 2 * outStep, f32x4.add(f32x4.mul(t2r, w2i), f32x4.mul(t2i, w2r)));
      v128.store(yr + o0 + 3 * outStep, f32x4.sub(f32x4.mul(t3r, w3r), f32x4.mul(t3i, w3i)));
      v128.store(yi + o0 + 3 * outStep, f32x4.add(f32x4.mul(t3r, w3i), f32x4.mul(t3i, w3r)));
    }
  }
}

/** The n = 4 pass: one butterfly per stride position, every twiddle 1. */
function lastRadix4Pass(size: i32, xr: usize, xi: usize, yr: usize, yi: usize): void {
  const step = (<usize>(size >> 2)) << 2;
  for (let q: usize = 0; q < step; q += 16) {
    const ar = v128.load(xr + q);
    const ai = v128.load(xi + q);
    const br = v128.load(xr + q + step);
    const bi = v128.load(xi + q + step);
    const cr = v128.load(xr + q + 2 * step);
    const ci = v128.load(xi + q + 2 * step);
    const dr = v128.load(xr + q + 3 * step);
    const di = v128.load(xi + q + 3 * step);
    const apcr = f32x4.add(ar, cr);
    const apci = f32x4.add(ai, ci);
    const amcr = f32x4.sub(ar, cr);
    const amci = f32x4.sub(ai, ci);
    const bpdr = f32x4.add(br, dr);
    const bpdi = f32x4.add(bi, di);
    const bmdr = f32x4.sub(br, dr);
    const bmdi = f32x4.sub(bi, di);
    v128.store(yr + q, f32x4.add(apcr, bpdr));
    v128.store(yi + q, f32x4.add(apci, bpdi));
    v128.store(yr + q + step, f32x4.add(amcr, bmdi));
    v128.store(yi + q + step, f32x4.sub(amci, bmdr));
    v128.store(yr + q + 2 * step, f32x4.sub(apcr, bpdr));
    v128.store(yi + q + 2 * step, f32x4.sub(apci, bpdi));
    v128.store(yr + q + 3 * step, f32x4.sub(amcr, bmdi));
    v128.store(yi + q + 3 * step, f32x4.add(amci, bmdr));
  }
}

/** The n = 2 pass (odd log2 size): stride size/2, twiddles 1. */
function radix2Pass(size: i32, xr: usize, xi: usize, yr: usize, yi: usize): void {
  const half = (<usize>(size >> 1)) << 2;
  for (let q: usize = 0; q < half; q += 16) {
    const ar = v128.load(xr + q);
    const ai = v128.load(xi + q);
    const br = v128.load(xr + q + half);
    const bi = v128.load(xi + q + half);
    v128.store(yr + q, f32x4.add(ar, br));
    v128.store(yi + q, f32x4.add(ai, bi));
    v128.store(yr + q + half, f32x4.sub(ar, br));
    v128.store(yi + q + half, f32x4.sub(ai, bi));
  }
}

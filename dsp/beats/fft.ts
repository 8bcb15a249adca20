// In-place radix-2 complex FFT on split real/imaginary f32 arrays, for the beat
// analysis' STFT. Split arrays let the butterflies of every stage whose half-size is
// at least 4 run four at a time in f32x4 with contiguous twiddles; the first two
// stages are done together as one scalar radix-4 pass.

@unmanaged
export class Fft {
  readonly size: i32;
  /** Per stage of half-size h >= 4: h cosines then h negated sines, stages in order. */
  readonly twiddles: usize;
  /** size i32 bit-reversed indices. */
  readonly reversed: usize;

  constructor(size: i32) {
    this.size = size;
    let bits = 0;
    while (1 << bits < size) bits++;
    this.reversed = heap.alloc((<usize>size) << 2);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      store<i32>(this.reversed + ((<usize>i) << 2), r);
    }
    // Sum of 2h over the SIMD stages (h = 4 .. size / 2) is under 2 * size floats.
    this.twiddles = heap.alloc((<usize>size) << 3);
    let at = this.twiddles;
    for (let h = 4; h < size; h <<= 1) {
      for (let j = 0; j < h; j++) {
        const angle = (-Math.PI * <f64>j) / <f64>h;
        store<f32>(at + ((<usize>j) << 2), <f32>Math.cos(angle));
        store<f32>(at + ((<usize>(h + j)) << 2), <f32>Math.sin(angle));
      }
      at += (<usize>h) << 3;
    }
  }

  destroy(): void {
    heap.free(this.reversed);
    heap.free(this.twiddles);
    heap.free(changetype<usize>(this));
  }

  /** Bit-reversal permutation of re and im (size >= 4). */
  private permute(re: usize, im: usize): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = load<i32>(this.reversed + ((<usize>i) << 2));
      if (j > i) {
        const a = re + ((<usize>i) << 2);
        const b = re + ((<usize>j) << 2);
        const t = load<f32>(a);
        store<f32>(a, load<f32>(b));
        store<f32>(b, t);
        const c = im + ((<usize>i) << 2);
        const d = im + ((<usize>j) << 2);
        const u = load<f32>(c);
        store<f32>(c, load<f32>(d));
        store<f32>(d, u);
      }
    }
  }

  /** Forward transform, X[k] = sum x[n] e^(-2 pi i k n / size), size a power of two >= 8. */
  forward(re: usize, im: usize): void {
    this.permute(re, im);
    const n = this.size;
    // Stages h = 1 and h = 2 fused: a radix-4 butterfly on each group of four.
    for (let g = 0; g < n; g += 4) {
      const pr = re + ((<usize>g) << 2);
      const pi = im + ((<usize>g) << 2);
      const r0 = load<f32>(pr);
      const r1 = load<f32>(pr, 4);
      const r2 = load<f32>(pr, 8);
      const r3 = load<f32>(pr, 12);
      const i0 = load<f32>(pi);
      const i1 = load<f32>(pi, 4);
      const i2 = load<f32>(pi, 8);
      const i3 = load<f32>(pi, 12);
      const ar = r0 + r1;
      const ai = i0 + i1;
      const br = r0 - r1;
      const bi = i0 - i1;
      const cr = r2 + r3;
      const ci = i2 + i3;
      const dr = r2 - r3;
      const di = i2 - i3;
      // The second stage's twiddle for index 1 is -i: (dr, di) * -i = (di, -dr).
      store<f32>(pr, ar + cr);
      store<f32>(pi, ai + ci);
      store<f32>(pr, ar - cr, 8);
      store<f32>(pi, ai - ci, 8);
      store<f32>(pr, br + di, 4);
      store<f32>(pi, bi - dr, 4);
      store<f32>(pr, br - di, 12);
      store<f32>(pi, bi + dr, 12);
    }
    let tw = this.twiddles;
    for (let h = 4; h < n; h <<= 1) {
      const hb = (<usize>h) << 2;
      for (let g = 0; g < n; g += h << 1) {
        let ar = re + ((<usize>g) << 2);
        let ai = im + ((<usize>g) << 2);
        let wc = tw;
        const end = ar + hb;
        while (ar < end) {
          const xr = v128.load(ar);
          const xi = v128.load(ai);
          const yr = v128.load(ar + hb);
          const yi = v128.load(ai + hb);
          const c = v128.load(wc);
          const s = v128.load(wc + hb);
          const tr = f32x4.sub(f32x4.mul(yr, c), f32x4.mul(yi, s));
          const ti = f32x4.add(f32x4.mul(yr, s), f32x4.mul(yi, c));
          v128.store(ar, f32x4.add(xr, tr));
          v128.store(ai, f32x4.add(xi, ti));
          v128.store(ar + hb, f32x4.sub(xr, tr));
          v128.store(ai + hb, f32x4.sub(xi, ti));
          ar += 16;
          ai += 16;
          wc += 16;
        }
      }
      tw += hb << 1;
    }
  }
}

// True-peak meter per ITU-R BS.1770-4 Annex 2: 4x oversampling by the standard's 48-tap FIR, read
// as four phases of 12 taps (phases 2 and 3 are phases 1 and 0 reversed: the prototype is
// symmetric), the four phases computed together as the lanes of an f32x4. The reading is the
// largest magnitude of the oversampled signal and of the samples themselves.

const TAPS: i32 = 12;
const PHASE0: StaticArray<f32> = [
  0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625,
  0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125,
];
const PHASE1: StaticArray<f32> = [
  -0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625,
  -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375,
];

export class TruePeakMeter {
  /** Tap j as [phase 0, 1, 2, 3]. */
  private readonly taps: usize = heap.alloc((<usize>TAPS) << 4);
  /** The last TAPS - 1 samples of each channel, then the block: every window is contiguous. */
  private readonly lineL: usize;
  private readonly lineR: usize;
  private readonly block: i32;
  peak: f32 = 0;

  constructor(block: i32) {
    this.block = block;
    for (let j = 0; j < TAPS; j++) {
      const v = f32x4(
        unchecked(PHASE0[j]),
        unchecked(PHASE1[j]),
        unchecked(PHASE1[TAPS - 1 - j]),
        unchecked(PHASE0[TAPS - 1 - j]),
      );
      v128.store(this.taps + ((<usize>j) << 4), v);
    }
    const bytes = (<usize>(TAPS - 1 + block)) << 2;
    this.lineL = heap.alloc(bytes);
    this.lineR = heap.alloc(bytes);
    this.reset();
  }

  reset(): void {
    const bytes = (<usize>(TAPS - 1 + this.block)) << 2;
    memory.fill(this.lineL, 0, bytes);
    memory.fill(this.lineR, 0, bytes);
    this.peak = 0;
  }

  /** Planar f32, at most `block` frames per call; non-finite samples read as silence. */
  process(left: usize, right: usize, frames: i32): void {
    const n = min(frames, this.block);
    this.peak = max(this.peak, max(this.channel(this.lineL, left, n), this.channel(this.lineR, right, n)));
  }

  private channel(line: usize, input: usize, n: i32): f32 {
    const history = (<usize>(TAPS - 1)) << 2;
    for (let i = 0; i < n; i++) {
      const x = load<f32>(input + ((<usize>i) << 2));
      store<f32>(line + history + ((<usize>i) << 2), isFinite(x) ? x : 0);
    }
    // The twelve tap vectors held in locals: reloading them every sample costs more than the sums.
    const taps = this.taps;
    const h0 = v128.load(taps);
    const h1 = v128.load(taps, 16);
    const h2 = v128.load(taps, 32);
    const h3 = v128.load(taps, 48);
    const h4 = v128.load(taps, 64);
    const h5 = v128.load(taps, 80);
    const h6 = v128.load(taps, 96);
    const h7 = v128.load(taps, 112);
    const h8 = v128.load(taps, 128);
    const h9 = v128.load(taps, 144);
    const h10 = v128.load(taps, 160);
    const h11 = v128.load(taps, 176);
    let peak = f32x4.splat(0);
    for (let i = 0; i < n; i++) {
      // y[n] = sum_j h[j] x[n - j]: tap j meets the sample j back from the newest.
      const oldest = line + ((<usize>i) << 2);
      let acc = f32x4.mul(v128.load32_splat(oldest, 44), h0);
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 40), h1));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 36), h2));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 32), h3));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 28), h4));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 24), h5));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 20), h6));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 16), h7));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 12), h8));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 8), h9));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest, 4), h10));
      acc = f32x4.add(acc, f32x4.mul(v128.load32_splat(oldest), h11));
      peak = f32x4.max(peak, f32x4.max(f32x4.abs(acc), f32x4.abs(v128.load32_splat(oldest, 44))));
    }
    memory.copy(line, line + ((<usize>n) << 2), history);
    return max(
      max(f32x4.extract_lane(peak, 0), f32x4.extract_lane(peak, 1)),
      max(f32x4.extract_lane(peak, 2), f32x4.extract_lane(peak, 3)),
    );
  }
}

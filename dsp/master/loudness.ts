import { Biquad } from "../biquad";

// Programme loudness per ITU-R BS.1770-4: K-weighting (a high shelf for the head, then the RLB high
// pass), mean square per channel, summed with weight 1 for left and right; gated integration over
// 400 ms blocks overlapping by 75 %: an absolute gate at -70 LUFS, then a relative gate 10 LU below
// the loudness of the blocks that passed it.
//
// The filters are designed for any rate from the analog parameters of the standard's 48 kHz
// coefficients (as libebur128 does), which reproduces the published 48 kHz tables.

const SHELF_HZ: f64 = 1681.974450955533;
const SHELF_GAIN_DB: f64 = 3.999843853973347;
const SHELF_Q: f64 = 0.7071752369554196;
const HIGH_PASS_HZ: f64 = 38.13547087602444;
const HIGH_PASS_Q: f64 = 0.5003270373238773;
const OFFSET: f64 = -0.691;
const ABSOLUTE_GATE: f64 = -70;
const RELATIVE_GATE: f64 = -10;
const HOP_SECONDS: f64 = 0.1;
const HOPS_PER_BLOCK: i32 = 4;
/** Frames filtered per pass: the f64x2 scratch holds this many. */
const CHUNK: i32 = 1024;

export class LoudnessMeter {
  private readonly shelf: Biquad = new Biquad();
  private readonly highPass: Biquad = new Biquad();
  private readonly scratch: usize = heap.alloc((<usize>CHUNK) << 4);
  private readonly hopFrames: i32;
  private hops: usize = 0;
  private capacity: i32 = 0;
  private count: i32 = 0;
  private hopSum: f64 = 0;
  private hopFilled: i32 = 0;

  constructor(sampleRate: f64) {
    this.hopFrames = max(1, <i32>Math.round(HOP_SECONDS * sampleRate));
    let k = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
    const vh = 10.0 ** (SHELF_GAIN_DB / 20.0);
    const vb = vh ** 0.4996667741545416;
    let a0 = 1.0 + k / SHELF_Q + k * k;
    const shelf = this.shelf;
    shelf.b0 = (vh + (vb * k) / SHELF_Q + k * k) / a0;
    shelf.b1 = (2.0 * (k * k - vh)) / a0;
    shelf.b2 = (vh - (vb * k) / SHELF_Q + k * k) / a0;
    shelf.a1 = (2.0 * (k * k - 1.0)) / a0;
    shelf.a2 = (1.0 - k / SHELF_Q + k * k) / a0;
    k = Math.tan((Math.PI * HIGH_PASS_HZ) / sampleRate);
    a0 = 1.0 + k / HIGH_PASS_Q + k * k;
    const highPass = this.highPass;
    highPass.b0 = 1;
    highPass.b1 = -2;
    highPass.b2 = 1;
    highPass.a1 = (2.0 * (k * k - 1.0)) / a0;
    highPass.a2 = (1.0 - k / HIGH_PASS_Q + k * k) / a0;
  }

  /** Setup only (allocates): starts a measurement of up to maxFrames frames. */
  begin(maxFrames: i32): void {
    if (this.hops != 0) heap.free(this.hops);
    this.capacity = max(0, maxFrames) / this.hopFrames + 1;
    this.hops = heap.alloc((<usize>this.capacity) << 3);
    this.count = 0;
    this.hopSum = 0;
    this.hopFilled = 0;
    this.shelf.reset();
    this.highPass.reset();
  }

  /** Planar f32; frames past the capacity given to begin() are not counted. */
  process(left: usize, right: usize, frames: i32): void {
    const scratch = this.scratch;
    for (let done = 0; done < frames; done += CHUNK) {
      const n = min(CHUNK, frames - done);
      for (let i = 0; i < n; i++) {
        const at = (<usize>(done + i)) << 2;
        v128.store(scratch + ((<usize>i) << 4), f64x2(<f64>load<f32>(left + at), <f64>load<f32>(right + at)));
      }
      this.shelf.runStereoPair(this.highPass, scratch, n);
      let sum = this.hopSum;
      let filled = this.hopFilled;
      const hopFrames = this.hopFrames;
      for (let i = 0; i < n; i++) {
        const y = v128.load(scratch + ((<usize>i) << 4));
        const squares = f64x2.mul(y, y);
        sum += f64x2.extract_lane(squares, 0) + f64x2.extract_lane(squares, 1);
        if (++filled == hopFrames) {
          const count = this.count;
          if (count < this.capacity) {
            store<f64>(this.hops + ((<usize>count) << 3), sum);
            this.count = count + 1;
          }
          sum = 0;
          filled = 0;
        }
      }
      this.hopSum = sum;
      this.hopFilled = filled;
    }
  }

  /** Integrated loudness (LUFS) of what was processed since begin(); -Infinity when every block is gated out. */
  integrated(): f64 {
    const blocks = this.count - HOPS_PER_BLOCK + 1;
    if (blocks <= 0) return -Infinity;
    const blockFrames = <f64>(this.hopFrames * HOPS_PER_BLOCK);
    const absolute = 10.0 ** ((ABSOLUTE_GATE - OFFSET) / 10.0);
    let total: f64 = 0;
    let passed = 0;
    for (let j = 0; j < blocks; j++) {
      const z = this.block(j) / blockFrames;
      if (z > absolute) {
        total += z;
        passed++;
      }
    }
    if (passed == 0) return -Infinity;
    const relative = (total / <f64>passed) * 10.0 ** (RELATIVE_GATE / 10.0);
    total = 0;
    passed = 0;
    for (let j = 0; j < blocks; j++) {
      const z = this.block(j) / blockFrames;
      if (z > absolute && z > relative) {
        total += z;
        passed++;
      }
    }
    if (passed == 0) return -Infinity;
    return OFFSET + 10.0 * Math.log10(total / <f64>passed);
  }

  private block(j: i32): f64 {
    let sum: f64 = 0;
    for (let h = 0; h < HOPS_PER_BLOCK; h++) sum += load<f64>(this.hops + ((<usize>(j + h)) << 3));
    return sum;
  }
}

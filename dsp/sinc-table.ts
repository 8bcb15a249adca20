import { besselI0, kaiserBeta, kaiserLength, kaiserWindow } from "./kaiser";

// The band-limiting filter of a sample-rate conversion, as a polyphase table of a
// Kaiser-windowed sinc. Output frame n sits at input time n * stepNum / stepDen
// (the rate ratio in lowest terms); its fractional part picks the table row.
//
// Response: flat to PASSBAND of the lower Nyquist (20 kHz at 44.1k), stopband
// from the lower Nyquist itself, so no alias (down) or image (up) of anything
// lands in the output; the cutoff sits midway and, like the transition, scales
// by min(1, outRate / inRate). For 44.1k <-> 48k that is beta 11.16 and 160
// taps up, 176 down (a 24x downsampler needs 24x the taps per output).
//
// Phases: exact rational polyphase when the ratio's denominator is at most
// FINE_PHASES (44.1k <-> 48k: 160 or 147 rows; 32k -> 44.1k: 441): every output
// lands exactly on a row, so a frame costs one dot product and carries no phase
// error. Otherwise (e.g. 44.1k -> 48.001k, 11.025k -> 48k) the table holds
// FINE_PHASES + 1 rows and a frame interpolates linearly between the two rows
// around its phase: two dot products, and the interpolation's own images lie
// about 40 * log10(FINE_PHASES / 0.45) = 121 dB down. Either way the table is at
// most FINE_PHASES + 1 rows (330 kB at 160 taps), and the exact case saves half
// the work for the common rate pairs.

/** Passband edge as a fraction of the lower Nyquist: 20 kHz of 22.05 kHz. */
const PASSBAND: f64 = 20_000.0 / 22_050.0;
/** Designed stopband depth: the -90 dBFS target, plus margin for f32 coefficients and arithmetic. */
const STOPBAND_DB: f64 = 110.0;
const FINE_PHASES: i32 = 512;
/** Taps per row are a multiple of 16: the dot product runs four f32x4 accumulators. */
const TAP_MULTIPLE: i32 = 16;

function gcd(a: i32, b: i32): i32 {
  while (b != 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/** sin(pi x) / (pi x). */
function sinc(x: f64): f64 {
  if (x == 0.0) return 1.0;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

@unmanaged
export class Kernel {
  /** Input frames between output frames, as the fraction stepNum / stepDen in lowest terms. */
  readonly stepNum: i32;
  readonly stepDen: i32;
  /** Table rows spanning one input frame of phase: stepDen (exact) or FINE_PHASES (interpolated). */
  readonly phases: i32;
  /** Taps per row: input frames each output reads, from its frame - (taps/2 - 1) to its frame + taps/2. */
  readonly taps: i32;
  /**
   * phases + 1 rows of `taps` f32: row r is the kernel at phase r / phases; the
   * last (phase 1) is read only by outputs between fine phases.
   */
  readonly table: usize;
  users: i32 = 1;
  next: Kernel | null = null;

  constructor(inRate: i32, outRate: i32) {
    const g = gcd(inRate, outRate);
    this.stepNum = inRate / g;
    this.stepDen = outRate / g;
    this.phases = this.stepDen <= FINE_PHASES ? this.stepDen : FINE_PHASES;

    // In cycles per input frame: the stopband starts at the lower Nyquist, so
    // nothing above it survives to alias (down) or image (up) into the output.
    const scale = Math.min(1.0, <f64>outRate / <f64>inRate);
    const cutoff = 0.25 * (1.0 + PASSBAND) * scale;
    const width = 0.5 * (1.0 - PASSBAND) * scale;
    const length = <i32>Math.ceil(kaiserLength(STOPBAND_DB, width));
    const taps = ((length + TAP_MULTIPLE - 1) / TAP_MULTIPLE) * TAP_MULTIPLE;
    this.taps = taps;

    const rows = this.phases + 1;
    this.table = heap.alloc((<usize>(rows * taps)) << 2);
    const beta = kaiserBeta(STOPBAND_DB);
    const i0Beta = besselI0(beta);
    const half = <f64>(taps >> 1);
    for (let r = 0; r < rows; r++) {
      const phase = <f64>r / <f64>this.phases;
      const row = this.table + ((<usize>(r * taps)) << 2);
      for (let j = 0; j < taps; j++) {
        // Distance from the output's instant to tap j's input frame, in input frames.
        const t = phase + half - 1.0 - <f64>j;
        const h = 2.0 * cutoff * sinc(2.0 * cutoff * t) * kaiserWindow(t / half, beta, i0Beta);
        store<f32>(row + ((<usize>j) << 2), <f32>h);
      }
    }
  }
}

// Kernels depend only on the reduced ratio, and the host makes one converter per
// channel, so converters of the same ratio share one table, counted by `users`.
let kernels: Kernel | null = null;

export function acquireKernel(inRate: i32, outRate: i32): Kernel {
  const g = gcd(inRate, outRate);
  let k = kernels;
  while (k != null) {
    if (k.stepNum == inRate / g && k.stepDen == outRate / g) {
      k.users++;
      return k;
    }
    k = k.next;
  }
  const made = new Kernel(inRate, outRate);
  made.next = kernels;
  kernels = made;
  return made;
}

export function releaseKernel(kernel: Kernel): void {
  if (--kernel.users > 0) return;
  if (kernels == kernel) {
    kernels = kernel.next;
  } else {
    let k = kernels;
    while (k != null) {
      if (k.next == kernel) {
        k.next = kernel.next;
        break;
      }
      k = k.next;
    }
  }
  heap.free(kernel.table);
  heap.free(changetype<usize>(kernel));
}

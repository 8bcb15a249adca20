// Feedback delay network reverb (Jot and Chaigne, 1991): eight delay lines mixed through a Hadamard
// matrix (orthogonal, so the loop neither gains nor loses energy by itself), each line scaled so the
// network decays 60 dB in RT60 seconds: line i of d_i frames gets 10^(-3 d_i / (fs RT60)). A one-pole
// low pass in each line, normalised to unity at DC, lets the highs die faster, as in a real room,
// while the low end keeps the set RT60.
//
// The lines are interleaved, eight f32 per time step, in one power-of-two ring: a whole step is
// written with two v128 stores and mixed in f32x4.

import { restsSilent, ringLength, zeroedAlloc } from "./delay-line";

const LINES: i32 = 8;
/** Line lengths at 48 kHz for size 1 (mutually prime, spread so echoes do not pile up). */
const BASE_LENGTHS: StaticArray<i32> = [1447, 1601, 1867, 2053, 2251, 2399, 2617, 2797];
const MIN_SCALE: f64 = 0.35;
const MAX_SCALE: f64 = 1.3;
const PREDELAY_SECONDS: f64 = 0.012;
/** Highs (at fs/4) decay this much faster than the lows. */
const DAMPING: f64 = 0.35;
const STATE_FLOOR: f32 = 1e-20;

/** RT60 in seconds for a size in [0, 1] (a small room to a large hall). */
export function reverbSeconds(size: f64): f64 {
  const s = min(max(size, 0.0), 1.0);
  return 0.5 + s * s * 3.5;
}

@unmanaged
export class Reverb {
  private readonly ring: usize;
  private readonly mask: i32;
  private readonly lengths: usize;
  private readonly predelay: usize;
  private readonly predelayMask: i32;
  private readonly predelayFrames: i32;
  private readonly gains: usize;
  private readonly lowpass: usize;
  private position: i32 = 0;
  private predelayPosition: i32 = 0;
  /** Frames since the input was last non-silent: the network is skipped once its tail is gone. */
  private quiet: i32 = 0;
  private readonly tailFrames: i32;

  constructor(sampleRate: f64, size: f64) {
    const rt60 = reverbSeconds(size);
    const scale = (MIN_SCALE + (MAX_SCALE - MIN_SCALE) * min(max(size, 0.0), 1.0)) * (sampleRate / 48000.0);
    let longest = 0;
    this.lengths = heap.alloc(LINES << 2);
    this.gains = heap.alloc(LINES << 2);
    for (let i = 0; i < LINES; i++) {
      const d = max(16, <i32>Math.round(<f64>unchecked(BASE_LENGTHS[i]) * scale));
      longest = max(longest, d);
      store<i32>(this.lengths + ((<usize>i) << 2), d);
      store<f32>(this.gains + ((<usize>i) << 2), <f32>(10.0 ** ((-3.0 * <f64>d) / (sampleRate * rt60))));
    }
    const ringSteps = ringLength(longest);
    this.mask = ringSteps - 1;
    this.ring = zeroedAlloc((<usize>ringSteps) << 5);
    this.lowpass = zeroedAlloc(LINES << 2);
    this.predelayFrames = max(1, <i32>Math.round(PREDELAY_SECONDS * sampleRate));
    const pre = ringLength(this.predelayFrames);
    this.predelayMask = pre - 1;
    this.predelay = zeroedAlloc((<usize>pre) << 2);
    this.tailFrames = <i32>Math.ceil(rt60 * 2.0 * sampleRate) + longest + this.predelayFrames;
    this.quiet = this.tailFrames;
  }

  destroy(): void {
    heap.free(this.ring);
    heap.free(this.lengths);
    heap.free(this.gains);
    heap.free(this.lowpass);
    heap.free(this.predelay);
    heap.free(changetype<usize>(this));
  }

  /**
   * Adds the reverberated (inL + inR) / 2 times wet into outL and outR (planar f32). The input's
   * frames must not alias the output's.
   */
  process(inL: usize, inR: usize, outL: usize, outR: usize, frames: i32, wet: f32): void {
    // Skipped samples are those past the tail of the last input, a per-sample rule: the output
    // does not depend on how the host cuts the stream into blocks.
    const tail = this.tailFrames;
    let quiet = this.quiet;
    if (restsSilent(inL, inR, frames, quiet, tail)) return;

    const ring = this.ring;
    const mask = this.mask;
    const lengths = this.lengths;
    const gainsA = v128.load(this.gains);
    const gainsB = v128.load(this.gains, 16);
    const damp = f32x4.splat(<f32>DAMPING);
    const undamped = f32x4.splat(<f32>(1.0 - DAMPING));
    let lpA = v128.load(this.lowpass);
    let lpB = v128.load(this.lowpass, 16);
    const norm = f32x4.splat(0.35355339); // 1 / sqrt(8): the Hadamard matrix made orthogonal
    const inputSigns = f32x4(1, -1, 1, -1);
    let position = this.position;
    let prePosition = this.predelayPosition;
    const preMask = this.predelayMask;
    const preFrames = this.predelayFrames;
    const predelay = this.predelay;
    const d0 = load<i32>(lengths);
    const d1 = load<i32>(lengths, 4);
    const d2 = load<i32>(lengths, 8);
    const d3 = load<i32>(lengths, 12);
    const d4 = load<i32>(lengths, 16);
    const d5 = load<i32>(lengths, 20);
    const d6 = load<i32>(lengths, 24);
    const d7 = load<i32>(lengths, 28);
    for (let i = 0; i < frames; i++) {
      const at = (<usize>i) << 2;
      const x = (load<f32>(inL + at) + load<f32>(inR + at)) * 0.5;
      if (x != 0) quiet = 0;
      else if (quiet >= tail) continue;
      else quiet++;
      store<f32>(predelay + ((<usize>prePosition) << 2), x);
      const delayed = load<f32>(predelay + ((<usize>((prePosition - preFrames) & preMask)) << 2));
      prePosition = (prePosition + 1) & preMask;

      // Each line's output, read d_i steps back.
      let a = f32x4.splat(load<f32>(ring + ((<usize>((position - d0) & mask)) << 5)));
      a = f32x4.replace_lane(a, 1, load<f32>(ring + ((<usize>((position - d1) & mask)) << 5), 4));
      a = f32x4.replace_lane(a, 2, load<f32>(ring + ((<usize>((position - d2) & mask)) << 5), 8));
      a = f32x4.replace_lane(a, 3, load<f32>(ring + ((<usize>((position - d3) & mask)) << 5), 12));
      let b = f32x4.splat(load<f32>(ring + ((<usize>((position - d4) & mask)) << 5), 16));
      b = f32x4.replace_lane(b, 1, load<f32>(ring + ((<usize>((position - d5) & mask)) << 5), 20));
      b = f32x4.replace_lane(b, 2, load<f32>(ring + ((<usize>((position - d6) & mask)) << 5), 24));
      b = f32x4.replace_lane(b, 3, load<f32>(ring + ((<usize>((position - d7) & mask)) << 5), 28));

      // Stereo taps: left sums lines with one sign pattern, right with an orthogonal one.
      const sum = f32x4.add(a, b);
      const diff = f32x4.sub(a, b);
      const outLeft =
        f32x4.extract_lane(sum, 0) -
        f32x4.extract_lane(sum, 1) +
        f32x4.extract_lane(sum, 2) -
        f32x4.extract_lane(sum, 3);
      const outRight =
        f32x4.extract_lane(diff, 0) +
        f32x4.extract_lane(diff, 1) -
        f32x4.extract_lane(diff, 2) -
        f32x4.extract_lane(diff, 3);
      store<f32>(outL + at, load<f32>(outL + at) + outLeft * wet * 0.5);
      store<f32>(outR + at, load<f32>(outR + at) + outRight * wet * 0.5);

      // Loss: the line's gain, then the one-pole low pass y = damp y + (1 - damp) x.
      lpA = f32x4.add(f32x4.mul(lpA, damp), f32x4.mul(f32x4.mul(a, gainsA), undamped));
      lpB = f32x4.add(f32x4.mul(lpB, damp), f32x4.mul(f32x4.mul(b, gainsB), undamped));

      // 8-point fast Walsh-Hadamard transform: stage across the two vectors, then within each.
      let h0 = f32x4.add(lpA, lpB);
      let h1 = f32x4.sub(lpA, lpB);
      h0 = hadamard4(h0);
      h1 = hadamard4(h1);
      const inject = f32x4.mul(f32x4.splat(delayed), inputSigns);
      h0 = f32x4.add(f32x4.mul(h0, norm), inject);
      h1 = f32x4.add(f32x4.mul(h1, norm), inject);
      const slot = ring + ((<usize>(position & mask)) << 5);
      v128.store(slot, h0);
      v128.store(slot, h1, 16);
      position = (position + 1) & mask;
    }
    this.position = position;
    this.quiet = quiet;
    this.predelayPosition = prePosition;
    v128.store(this.lowpass, flush(lpA));
    v128.store(this.lowpass, flush(lpB), 16);
  }
}

/** The 4-point Walsh-Hadamard transform within one vector (unnormalised). */
function hadamard4(v: v128): v128 {
  const swapped = v128.shuffle<f32>(v, v, 1, 0, 3, 2);
  const s1 = v128.bitselect(f32x4.add(v, swapped), f32x4.sub(swapped, v), i32x4(-1, 0, -1, 0));
  const swapped2 = v128.shuffle<f32>(s1, s1, 2, 3, 0, 1);
  return v128.bitselect(f32x4.add(s1, swapped2), f32x4.sub(swapped2, s1), i32x4(-1, -1, 0, 0));
}

function flush(v: v128): v128 {
  return v128.and(v, f32x4.ge(f32x4.abs(v), f32x4.splat(STATE_FLOOR)));
}

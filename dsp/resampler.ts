import { acquireKernel, Kernel, releaseKernel } from "./sinc-table";

// Streaming band-limited sample-rate conversion of one mono channel, used when a
// source's PCM is loaded (never per render quantum).
//
// Timing: output frame n is the band-limited input evaluated at input time
// t_n = n * inRate / outRate, so the output is time-aligned with the input (the
// filter's group delay is compensated, not added). Output n is emitted as soon as
// the input reaches the last frame its taps read; the input before frame 0 is
// silence, and flush() supplies silence after the end.
//
// Length: a stream of I input frames yields exactly round(I * outRate / inRate)
// output frames over all process() calls and the final flush(), halves rounded
// up: the frames whose instants t_n are at most I - inRate / (2 * outRate).
//
// Output capacity: process(inFrames) writes at most ceil(inFrames * outRate /
// inRate) frames and flush() at most the frames still pending; resamplerMaxOutput
// adds the two bounds, so one buffer of resamplerMaxOutput(rs, largestChunk)
// frames serves every call (and resamplerMaxOutput(rs, I) the whole stream).
//
// Chunking never changes the output: each output frame is the same arithmetic
// on the same frames whatever the call boundaries, so it is bit-identical.

/** Input frames the history takes in per refill, beyond the taps it keeps. */
const REFILL_FRAMES: i32 = 4096;
const MIN_RATE: f64 = 8_000;
const MAX_RATE: f64 = 192_000;

// Arithmetic: the kernel is designed in f64 and output instants are exact
// integer fractions, but coefficients, history and sums are f32: f32x4 does
// twice the taps per instruction of f64x2, and the rounding it adds measures
// below -123 dBFS, far under the -90 dBFS target.

function sumLanes(v: v128): f32 {
  return (
    f32x4.extract_lane(v, 0) +
    f32x4.extract_lane(v, 1) +
    (f32x4.extract_lane(v, 2) + f32x4.extract_lane(v, 3))
  );
}

/** Sum of x[j] * c[j] for j < taps (a multiple of 16); four accumulators shorten the add chain. */
function dot(x: usize, c: usize, taps: i32): f32 {
  let a = f32x4.splat(0);
  let b = f32x4.splat(0);
  let d = f32x4.splat(0);
  let e = f32x4.splat(0);
  const end = x + ((<usize>taps) << 2);
  while (x < end) {
    a = f32x4.add(a, f32x4.mul(v128.load(x), v128.load(c)));
    b = f32x4.add(b, f32x4.mul(v128.load(x, 16), v128.load(c, 16)));
    d = f32x4.add(d, f32x4.mul(v128.load(x, 32), v128.load(c, 32)));
    e = f32x4.add(e, f32x4.mul(v128.load(x, 48), v128.load(c, 48)));
    x += 64;
    c += 64;
  }
  return sumLanes(f32x4.add(f32x4.add(a, b), f32x4.add(d, e)));
}

/** dot() against two adjacent table rows, blended by frac: an output between two fine phases. */
function dotBlend(x: usize, c0: usize, c1: usize, taps: i32, frac: f32): f32 {
  let a = f32x4.splat(0);
  let b = f32x4.splat(0);
  const end = x + ((<usize>taps) << 2);
  while (x < end) {
    const v = v128.load(x);
    a = f32x4.add(a, f32x4.mul(v, v128.load(c0)));
    b = f32x4.add(b, f32x4.mul(v, v128.load(c1)));
    x += 16;
    c0 += 16;
    c1 += 16;
  }
  const y0 = sumLanes(a);
  return y0 + frac * (sumLanes(b) - y0);
}

/**
 * Far beyond any PCM (full scale is 1), yet small enough that no output can
 * overflow f32: each is a sum of taps whose magnitudes add up to under 3.
 */
const SAMPLE_LIMIT: f32 = 1e30;

/** Copies frames, NaN, infinities and absurd magnitudes as 0: each would spoil every output it reaches. */
function copyClean(to: usize, from: usize, frames: i32): void {
  for (let i = 0; i < frames; i++) {
    const v = load<f32>(from + ((<usize>i) << 2));
    store<f32>(to + ((<usize>i) << 2), Mathf.abs(v) <= SAMPLE_LIMIT ? v : 0);
  }
}

@unmanaged
class Resampler {
  /** Null when the rates are equal: conversion is then a plain copy. */
  readonly kernel: Kernel | null;
  /** Recent input: taps - 1 frames of context plus room for REFILL_FRAMES more. */
  readonly history: usize;
  readonly historyFrames: i32;
  /** History frames held. */
  filled: i32 = 0;
  /** History index of the next output's first tap. */
  first: i32 = 0;
  /** The next output's instant past its centre input frame, in 1/stepDen input frames. */
  phase: i32 = 0;
  received: i64 = 0;
  emitted: i64 = 0;

  constructor(inRate: i32, outRate: i32) {
    const kernel: Kernel | null = inRate == outRate ? null : acquireKernel(inRate, outRate);
    this.kernel = kernel;
    this.historyFrames = kernel == null ? 0 : kernel.taps + REFILL_FRAMES;
    this.history = kernel == null ? 0 : heap.alloc((<usize>this.historyFrames) << 2);
    this.reset();
  }

  reset(): void {
    const kernel = this.kernel;
    if (kernel == null) return;
    // Output 0 is centred on input frame 0: its first taps read the silence before the stream.
    this.filled = (kernel.taps >> 1) - 1;
    memory.fill(this.history, 0, (<usize>this.filled) << 2);
    this.first = 0;
    this.phase = 0;
    this.received = 0;
    this.emitted = 0;
  }

  maxOutput(inFrames: i32): i32 {
    const kernel = this.kernel;
    if (kernel == null) return inFrames;
    const num = <i64>kernel.stepNum;
    const den = <i64>kernel.stepDen;
    const chunk = (<i64>inFrames * den + num - 1) / num;
    const pending = (<i64>(kernel.taps >> 1) * den + num - 1) / num + 1;
    return <i32>min(chunk + pending, <i64>i32.MAX_VALUE);
  }

  process(input: usize, inFrames: i32, output: usize, outCapacity: i32): i32 {
    if (inFrames < 0 || outCapacity < this.maxOutput(inFrames)) return -1;
    if (this.kernel == null) {
      copyClean(output, input, inFrames);
      return inFrames;
    }
    const written = this.run(input, inFrames, output, i64.MAX_VALUE);
    this.received += inFrames;
    return written;
  }

  /** Writes the outputs still owed for the input so far, then starts a new stream. */
  flush(output: usize, outCapacity: i32): i32 {
    const kernel = this.kernel;
    if (outCapacity < this.maxOutput(0)) return -1;
    if (kernel == null) return 0;
    const num = <i64>kernel.stepNum;
    const total = (2 * this.received * <i64>kernel.stepDen + num) / (2 * num);
    // taps / 2 frames of silence make the last owed output's taps all present.
    const written = this.run(0, kernel.taps >> 1, output, total);
    this.reset();
    return written;
  }

  destroy(): void {
    const kernel = this.kernel;
    if (kernel != null) {
      releaseKernel(kernel);
      heap.free(this.history);
    }
    heap.free(changetype<usize>(this));
  }

  /** Feeds `frames` of input (silence when `input` is 0), emitting ready outputs while emitted < limit. */
  private run(input: usize, frames: i32, output: usize, limit: i64): i32 {
    let written = 0;
    let left = frames;
    while (left > 0) {
      if (this.filled == this.historyFrames) this.discardUsed();
      const n = min(left, this.historyFrames - this.filled);
      const to = this.history + ((<usize>this.filled) << 2);
      if (input == 0) {
        memory.fill(to, 0, (<usize>n) << 2);
      } else {
        copyClean(to, input, n);
        input += (<usize>n) << 2;
      }
      this.filled += n;
      left -= n;
      written += this.emit(output + ((<usize>written) << 2), limit);
    }
    return written;
  }

  private emit(output: usize, limit: i64): i32 {
    const kernel = changetype<Kernel>(this.kernel);
    const taps = kernel.taps;
    const rowBytes = (<usize>taps) << 2;
    const den = kernel.stepDen;
    const phases = kernel.phases;
    const whole = kernel.stepNum / den;
    const part = kernel.stepNum % den;
    let first = this.first;
    let phase = this.phase;
    let count = 0;
    let emitted = this.emitted;
    while (first + taps <= this.filled && emitted < limit) {
      const x = this.history + ((<usize>first) << 2);
      const scaled = phase * phases;
      const row = kernel.table + <usize>(scaled / den) * rowBytes;
      const rest = scaled % den;
      const y = rest == 0 ? dot(x, row, taps) : dotBlend(x, row, row + rowBytes, taps, <f32>rest / <f32>den);
      store<f32>(output + ((<usize>count) << 2), y);
      count++;
      emitted++;
      first += whole;
      phase += part;
      if (phase >= den) {
        phase -= den;
        first++;
      }
    }
    this.first = first;
    this.phase = phase;
    this.emitted = emitted;
    return count;
  }

  /** Moves the frames still needed to the front, making room to refill. */
  private discardUsed(): void {
    const keep = this.filled - this.first;
    memory.copy(this.history, this.history + ((<usize>this.first) << 2), (<usize>keep) << 2);
    this.filled = keep;
    this.first = 0;
  }
}

function isRate(hz: f64): bool {
  return hz >= MIN_RATE && hz <= MAX_RATE && hz == Math.floor(hz);
}

/**
 * A converter for one channel from inRate to outRate (whole Hz, 8 kHz to 192 kHz),
 * or 0 for rates outside that. Converters of the same rate ratio share a filter table.
 */
export function resamplerCreate(inRate: f64, outRate: f64): usize {
  if (!isRate(inRate) || !isRate(outRate)) return 0;
  return changetype<usize>(new Resampler(<i32>inRate, <i32>outRate));
}

/**
 * Converts inFrames f32 frames at `input`, writing the outputs now ready to
 * `output`; returns how many, or -1 (consuming nothing) if outCapacity is below
 * resamplerMaxOutput(rs, inFrames).
 */
export function resamplerProcess(
  rs: usize,
  input: usize,
  inFrames: i32,
  output: usize,
  outCapacity: i32,
): i32 {
  return changetype<Resampler>(rs).process(input, inFrames, output, outCapacity);
}

/**
 * Ends the stream: writes the remaining outputs (the input padded with silence)
 * and resets the converter; returns how many, or -1 (changing nothing) if
 * outCapacity is below resamplerMaxOutput(rs, 0).
 */
export function resamplerFlush(rs: usize, output: usize, outCapacity: i32): i32 {
  return changetype<Resampler>(rs).flush(output, outCapacity);
}

/** Output frames that suffice for one process() call of up to inFrames frames, and for flush(). */
export function resamplerMaxOutput(rs: usize, inFrames: i32): i32 {
  return changetype<Resampler>(rs).maxOutput(inFrames);
}

/** Forgets the stream so far, as if just created. */
export function resamplerReset(rs: usize): void {
  changetype<Resampler>(rs).reset();
}

/** Frees the converter, and its filter table once no converter shares it. */
export function resamplerDestroy(rs: usize): void {
  changetype<Resampler>(rs).destroy();
}

// Tempo-synced stereo ping-pong delay: the input (mono sum) enters the left line; each line feeds the
// other through a one-pole low pass (each repeat a little darker) times the feedback. The taps read
// the lines straight, so the first echo of an impulse lands exactly `frames` later, on the left, the
// second 2 * frames later on the right, and so on.

import { restsSilent, ringLength, zeroedAlloc } from "./delay-line";

const DAMPING: f32 = 0.3;
const STATE_FLOOR: f32 = 1e-20;

@unmanaged
export class PingPongDelay {
  private readonly left: usize;
  private readonly right: usize;
  private readonly mask: i32;
  private readonly frames: i32;
  private readonly feedback: f32;
  private position: i32 = 0;
  private lowL: f32 = 0;
  private lowR: f32 = 0;
  private quiet: i32 = 0;
  private readonly tailFrames: i32;

  /** frames >= 1 (the echo spacing); feedback is clamped to [0, 0.95]. */
  constructor(frames: i32, feedback: f64) {
    this.frames = max(1, frames);
    this.feedback = <f32>min(max(feedback, 0.0), 0.95);
    const size = ringLength(this.frames);
    this.mask = size - 1;
    this.left = zeroedAlloc((<usize>size) << 2);
    this.right = zeroedAlloc((<usize>size) << 2);
    // Repeats until 100 dB down (at least two), each pair of lines one round trip.
    const fb = max(<f64>this.feedback, 0.01);
    const repeats = max(2.0, Math.ceil(-5.0 / Math.log10(fb)));
    this.tailFrames = <i32>min(2147483647.0, (repeats + 1.0) * <f64>this.frames);
    this.quiet = this.tailFrames;
  }

  destroy(): void {
    heap.free(this.left);
    heap.free(this.right);
    heap.free(changetype<usize>(this));
  }

  /** Adds the echoes of (inL + inR) / 2 times wet into outL and outR; input and output must not alias. */
  process(inL: usize, inR: usize, outL: usize, outR: usize, frames: i32, wet: f32): void {
    // Skipped samples are those past the tail of the last input, a per-sample rule: the output
    // does not depend on how the host cuts the stream into blocks.
    const tail = this.tailFrames;
    let quiet = this.quiet;
    if (restsSilent(inL, inR, frames, quiet, tail)) return;
    const lineL = this.left;
    const lineR = this.right;
    const mask = this.mask;
    const spacing = this.frames;
    const feedback = this.feedback;
    let lowL = this.lowL;
    let lowR = this.lowR;
    let position = this.position;
    for (let i = 0; i < frames; i++) {
      const at = (<usize>i) << 2;
      const x = (load<f32>(inL + at) + load<f32>(inR + at)) * 0.5;
      if (x != 0) quiet = 0;
      else if (quiet >= tail) continue;
      else quiet++;
      const read = (<usize>((position - spacing) & mask)) << 2;
      const echoL = load<f32>(lineL + read);
      const echoR = load<f32>(lineR + read);
      store<f32>(outL + at, load<f32>(outL + at) + echoL * wet);
      store<f32>(outR + at, load<f32>(outR + at) + echoR * wet);
      lowL += (1 - DAMPING) * (echoL - lowL);
      lowR += (1 - DAMPING) * (echoR - lowR);
      const write = (<usize>position) << 2;
      store<f32>(lineL + write, x + lowR * feedback);
      store<f32>(lineR + write, lowL * feedback);
      position = (position + 1) & mask;
    }
    this.position = position;
    this.quiet = quiet;
    this.lowL = abs(lowL) < STATE_FLOOR ? 0 : lowL;
    this.lowR = abs(lowR) < STATE_FLOOR ? 0 : lowR;
  }
}

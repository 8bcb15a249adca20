import { Noise } from "./noise";

// Karplus-Strong plucked string (with Jaffe and Smith's extensions): a delay line fed back through a
// loss filter. The loop's period must be fs / f exactly for the note to be in tune, so the loss filter
// is a symmetric 3-tap FIR (a, 1 - 2a, a), linear phase with a delay of exactly one sample at every
// frequency (its brightness moves no pitch), and the fraction left over is taken by a first-order
// allpass (Thiran), whose delay d = (1 - C) / (1 + C) holds closely at the low frequencies strings sit at.
//   period P = N (delay line) + 1 (loss filter) + d (allpass), d in [0.618, 1.618)

/** Delay-line floats per string: a power of two, covering 16 Hz at 48 kHz and 32 Hz at 96 kHz. */
export const STRING_LINE: i32 = 4096;
const MIN_ALLPASS_DELAY: f64 = 0.618;
const STATE_FLOOR: f32 = 1e-20;

@unmanaged
export class KarplusString {
  private readonly line: usize;
  private write: i32 = 0;
  private length: i32 = 1;
  private allpass: f32 = 0;
  private apIn: f32 = 0;
  private apOut: f32 = 0;
  private x1: f32 = 0;
  private x2: f32 = 0;
  private gain: f32 = 0;
  private edge: f32 = 0;
  private centre: f32 = 1;

  constructor() {
    this.line = heap.alloc((<usize>STRING_LINE) << 2);
  }

  destroy(): void {
    heap.free(this.line);
    heap.free(changetype<usize>(this));
  }

  /**
   * Plucks at `frequency`: the loop decays 60 dB in `decaySeconds` at the fundamental; `brightness`
   * in [0, 1] sets the loss filter (0: a = 1/4, darkest) and the excitation's low pass; `pick` in
   * [0, 0.5) is the plucking point as a fraction of the string (a comb notch), 0 for none.
   */
  pluck(sampleRate: f64, frequency: f64, decaySeconds: f64, brightness: f64, pick: f64, noise: Noise): void {
    const period = min(max(sampleRate / frequency, 2.0 + MIN_ALLPASS_DELAY), <f64>(STRING_LINE - 2));
    const n = <i32>Math.floor(period - 1.0 - MIN_ALLPASS_DELAY);
    const d = period - 1.0 - <f64>n;
    this.length = max(1, n);
    this.allpass = <f32>((1.0 - d) / (1.0 + d));
    const a = 0.25 * (1.0 - brightness * 0.9);
    this.edge = <f32>a;
    this.centre = <f32>(1.0 - 2.0 * a);
    this.gain = <f32>(10.0 ** (-3.0 / (frequency * max(decaySeconds, 0.01))));
    this.apIn = 0;
    this.apOut = 0;
    this.x1 = 0;
    this.x2 = 0;
    memory.fill(this.line, 0, (<usize>STRING_LINE) << 2);

    // The excitation fills the samples in flight: the next `length` reads.
    const line = this.line;
    const mask = STRING_LINE - 1;
    const smooth = <f32>(0.15 + 0.85 * brightness);
    const pickDelay = <i32>Math.round(pick * <f64>this.length);
    let lp: f32 = 0;
    let mean: f32 = 0;
    for (let i = 0; i < this.length; i++) {
      lp += smooth * (noise.next() - lp);
      store<f32>(line + ((<usize>((this.write - this.length + i) & mask)) << 2), lp);
      mean += lp;
    }
    mean /= <f32>this.length;
    // The comb runs backwards so each tap still reads the unmodified earlier sample.
    for (let i = this.length - 1; i >= 0; i--) {
      const at = line + ((<usize>((this.write - this.length + i) & mask)) << 2);
      let x = load<f32>(at) - mean;
      if (pickDelay > 0 && i >= pickDelay) {
        x -= load<f32>(line + ((<usize>((this.write - this.length + i - pickDelay) & mask)) << 2)) - mean;
      }
      store<f32>(at, x);
    }
  }

  /** Shortens the ring (a damped string): the loop loses 60 dB in `seconds` from now on. */
  damp(frequency: f64, seconds: f64): void {
    this.gain = <f32>min(<f64>this.gain, 10.0 ** (-3.0 / (frequency * max(seconds, 0.005))));
  }

  /** The string's next `frames` samples, written to out. */
  fill(out: usize, frames: i32): void {
    const line = this.line;
    const mask = STRING_LINE - 1;
    const length = this.length;
    const gain = this.gain;
    const edge = this.edge;
    const centre = this.centre;
    const allpass = this.allpass;
    let write = this.write;
    let x1 = this.x1;
    let x2 = this.x2;
    let apIn = this.apIn;
    let apOut = this.apOut;
    for (let i = 0; i < frames; i++) {
      const sample = load<f32>(line + ((<usize>((write - length) & mask)) << 2));
      const y = gain * (edge * (sample + x2) + centre * x1);
      x2 = x1;
      x1 = sample;
      const ap = allpass * (y - apOut) + apIn;
      apIn = y;
      apOut = ap;
      store<f32>(line + ((<usize>write) << 2), ap);
      write = (write + 1) & mask;
      store<f32>(out + ((<usize>i) << 2), sample);
    }
    this.write = write;
    this.x1 = x1;
    this.x2 = x2;
    this.apIn = apIn;
    this.apOut = apOut;
  }

  /** Once per block: flushes a decayed loop's tiny state. */
  clean(): void {
    if (abs(this.apOut) < STATE_FLOOR) this.apOut = 0;
    if (abs(this.x1) < STATE_FLOOR) this.x1 = 0;
    if (abs(this.x2) < STATE_FLOOR) this.x2 = 0;
  }
}

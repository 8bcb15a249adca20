import { Fft } from "./fft";
import { FrameSpectrum } from "./phase-integration";
import { Lanes } from "./simd-math";

// One frame's synthesis: each bin of the spectrum turned by its output phase less its input phase,
// the stereo pair inverse-transformed as one complex signal, windowed and overlap-added into the
// output ring at the frame's output time; finished output frames leave the ring by emit. The
// arrays (FFT buffers, window, ring) live in the stretcher's arena.

@unmanaged
export class FrameSynthesis {
  constructor(
    private readonly fftSize: i32,
    private readonly stereo: bool,
    private readonly fft: Fft,
    /** The FFT's real and imaginary buffers (fftSize floats each). */
    private readonly re: usize,
    private readonly im: usize,
    /** The synthesis window, normalised so that overlapping frames add to 1. */
    private readonly window: usize,
    /** Two channels of output, ringMask + 1 frames each, left then right. */
    private readonly ring: usize,
    private readonly ringMask: i32,
  ) {}

  /** Turns each bin by (output phase - input phase), inverse-transforms the pair and overlap-adds it at output time t. */
  synthesise(spectrum: FrameSpectrum, phaseIn: usize, phaseOut: usize, t: i64, outPos: i64): void {
    const n = this.fftSize;
    const half = n >> 1;
    const vr = spectrum.lr;
    const vi = spectrum.li;
    const wr = spectrum.rr;
    const wi = spectrum.ri;
    const stereo = this.stereo;
    const re = this.re;
    const im = this.im;
    const zero = f32x4.splat(0);
    for (let k = 0; k < half; k += 4) {
      const o = (<usize>k) << 2;
      const angle = f32x4.sub(v128.load(phaseOut + o), v128.load(phaseIn + o));
      const c = Lanes.cosv(angle);
      const s = Lanes.sinv(angle);
      const ar = v128.load(vr + o);
      const ai = v128.load(vi + o);
      const lr = f32x4.sub(f32x4.mul(ar, c), f32x4.mul(ai, s));
      const li = f32x4.add(f32x4.mul(ar, s), f32x4.mul(ai, c));
      let rr = zero;
      let ri = zero;
      if (stereo) {
        const br = v128.load(wr + o);
        const bi = v128.load(wi + o);
        rr = f32x4.sub(f32x4.mul(br, c), f32x4.mul(bi, s));
        ri = f32x4.add(f32x4.mul(br, s), f32x4.mul(bi, c));
      }
      // Z = L + iR; Z[n-k] = conj(L) + i conj(R).
      v128.store(re + o, f32x4.sub(lr, ri));
      v128.store(im + o, f32x4.add(li, rr));
      const mirror = (<usize>(n - k - 3)) << 2;
      v128.store(re + mirror, Lanes.reverse(f32x4.add(lr, ri)));
      v128.store(im + mirror, Lanes.reverse(f32x4.sub(rr, li)));
    }
    // DC and Nyquist must stay real in both channels: keep the real part of the turned bin.
    const ho = (<usize>half) << 2;
    const dc = <f32>Math.cos(<f64>(load<f32>(phaseOut) - load<f32>(phaseIn)));
    const nyquist = <f32>Math.cos(<f64>(load<f32>(phaseOut + ho) - load<f32>(phaseIn + ho)));
    store<f32>(re, load<f32>(vr) * dc);
    store<f32>(im, stereo ? load<f32>(wr) * dc : 0);
    store<f32>(re + ho, load<f32>(vr + ho) * nyquist);
    store<f32>(im + ho, stereo ? load<f32>(wr + ho) * nyquist : 0);
    this.fft.forward(im, re);

    // Overlap-add: output frame index j (from t - n/2) is frame sample (j + n/2) mod n.
    const mask = this.ringMask;
    const ringRight = this.ring + ((<usize>(mask + 1)) << 2);
    const base = <i32>((t - <i64>half) & <i64>mask);
    // Only the pre-roll frames after a seek reach before the output position:
    // that part is never played, and written would wait in the ring for its next lap.
    const skip = <i32>min(max(outPos - (t - <i64>half), 0), <i64>n);
    for (let j = (skip + 3) & ~3; j < n; j += 4) {
      const w = v128.load(this.window + ((<usize>j) << 2));
      const src = (<usize>((j + half) & (n - 1))) << 2;
      const at = (<usize>((base + j) & mask)) << 2;
      v128.store(this.ring + at, f32x4.add(v128.load(this.ring + at), f32x4.mul(v128.load(re + src), w)));
      if (stereo) {
        v128.store(ringRight + at, f32x4.add(v128.load(ringRight + at), f32x4.mul(v128.load(im + src), w)));
      }
    }
  }

  /** Moves `frames` finished output frames of one channel out of the ring, clearing them there. */
  emit(out: usize, channel: i32, frames: i32, outPos: i64): void {
    const size = this.ringMask + 1;
    const ring = this.ring + ((<usize>(channel * size)) << 2);
    let from = <i32>(outPos & <i64>this.ringMask);
    let done = 0;
    while (done < frames) {
      const run = min(frames - done, size - from);
      const at = ring + ((<usize>from) << 2);
      memory.copy(out + ((<usize>done) << 2), at, (<usize>run) << 2);
      memory.fill(at, 0, (<usize>run) << 2);
      done += run;
      from = 0;
    }
  }
}

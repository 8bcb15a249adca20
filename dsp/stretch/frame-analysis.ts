import { FrameSpectrum } from "./phase-integration";
import { Lanes } from "./simd-math";

// One frame's analysis: the stretcher transforms the stereo pair as one complex
// signal (left real, right imaginary); this unpacks the two spectra, windows
// them in the frequency domain and finds the mid's energy and reassigned
// frequency per bin, for the phase integration and the pitch map.

@unmanaged
export class FrameAnalysis {
  constructor(
    private readonly fftSize: i32,
    private readonly stereo: bool,
    // Unwindowed spectra (times 2) of left and right, with guards at -1 and bins.
    private readonly rawLr: usize,
    private readonly rawLi: usize,
    private readonly rawRr: usize,
    private readonly rawRi: usize,
    /** The windowed spectra, energy and frequency written. */
    private readonly x: FrameSpectrum,
  ) {}

  /**
   * Unpacks the two channels' spectra, windows them (Hann, as a 3-tap kernel
   * on the unwindowed spectrum, zero-phase) and takes the mid's energy and
   * reassigned frequency: omega = k - Re(D conj X) / (8 |X|^2), D the
   * derivative window's spectrum up to a factor.
   */
  analyse(re: usize, im: usize): void {
    const x = this.x;
    const n = this.fftSize;
    const half = n >> 1;
    store<f32>(re + ((<usize>n) << 2), load<f32>(re));
    store<f32>(im + ((<usize>n) << 2), load<f32>(im));
    const stereo = this.stereo;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const mirror = (<usize>(n - k - 3)) << 2;
      const zr = v128.load(re + o);
      const zi = v128.load(im + o);
      const wr = Lanes.reverse(v128.load(re + mirror));
      const wi = Lanes.reverse(v128.load(im + mirror));
      v128.store(this.rawLr + o, f32x4.add(zr, wr));
      v128.store(this.rawLi + o, f32x4.sub(zi, wi));
      if (stereo) {
        v128.store(this.rawRr + o, f32x4.add(zi, wi));
        v128.store(this.rawRi + o, f32x4.sub(wr, zr));
      }
    }
    // Bin -1 is the conjugate of bin 1 (real input).
    store<f32>(this.rawLr - 4, load<f32>(this.rawLr + 4));
    store<f32>(this.rawLi - 4, -load<f32>(this.rawLi + 4));
    store<f32>(this.rawRr - 4, load<f32>(this.rawRr + 4));
    store<f32>(this.rawRi - 4, -load<f32>(this.rawRi + 4));

    const quarter = f32x4.splat(0.25);
    const eighth = f32x4.splat(0.125);
    const tiny = f32x4.splat(1e-20);
    let kv = f32x4(0, 1, 2, 3);
    const four = f32x4.splat(4);
    const two = f32x4.splat(2);
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const lr0 = v128.load(this.rawLr + o);
      const lrm = v128.load(this.rawLr + o - 4);
      const lrp = v128.load(this.rawLr + o + 4);
      const li0 = v128.load(this.rawLi + o);
      const lim = v128.load(this.rawLi + o - 4);
      const lip = v128.load(this.rawLi + o + 4);
      const xlr = f32x4.add(f32x4.mul(lr0, quarter), f32x4.mul(f32x4.add(lrm, lrp), eighth));
      const xli = f32x4.add(f32x4.mul(li0, quarter), f32x4.mul(f32x4.add(lim, lip), eighth));
      v128.store(x.lr + o, xlr);
      v128.store(x.li + o, xli);
      let mr = xlr;
      let mi = xli;
      let dr = f32x4.sub(lrm, lrp);
      let di = f32x4.sub(lim, lip);
      if (stereo) {
        const rr0 = v128.load(this.rawRr + o);
        const rrm = v128.load(this.rawRr + o - 4);
        const rrp = v128.load(this.rawRr + o + 4);
        const ri0 = v128.load(this.rawRi + o);
        const rim = v128.load(this.rawRi + o - 4);
        const rip = v128.load(this.rawRi + o + 4);
        const xrr = f32x4.add(f32x4.mul(rr0, quarter), f32x4.mul(f32x4.add(rrm, rrp), eighth));
        const xri = f32x4.add(f32x4.mul(ri0, quarter), f32x4.mul(f32x4.add(rim, rip), eighth));
        v128.store(x.rr + o, xrr);
        v128.store(x.ri + o, xri);
        // The reference: mid, or side where the channels are mostly in opposite phase.
        const side = Lanes.sideWins(xlr, xli, xrr, xri);
        mr = f32x4.add(mr, v128.xor(xrr, side));
        mi = f32x4.add(mi, v128.xor(xri, side));
        dr = f32x4.add(dr, v128.xor(f32x4.sub(rrm, rrp), side));
        di = f32x4.add(di, v128.xor(f32x4.sub(rim, rip), side));
      }
      const energy = f32x4.add(f32x4.mul(mr, mr), f32x4.mul(mi, mi));
      const num = f32x4.add(f32x4.mul(dr, mr), f32x4.mul(di, mi));
      let omega = f32x4.sub(kv, f32x4.div(f32x4.mul(num, eighth), f32x4.add(energy, tiny)));
      omega = f32x4.min(f32x4.max(omega, f32x4.sub(kv, two)), f32x4.add(kv, two));
      v128.store(x.energy + o, energy);
      v128.store(x.omega + o, omega);
      kv = f32x4.add(kv, four);
    }
  }
}

import { boxSmooth, deinterleave, interleave, maxFilter } from "./bin-buffers";
import { FrameSpectrum } from "./phase-integration";
import { Lanes } from "./simd-math";

// The stretcher's pitch map: output bin b takes its content from input bin
// m(b). Each spectral peak moves to pitch * its frequency with its main lobe
// translated rigidly, between lobes the offset glides, DC stays; the frequency
// of bin b is b plus the input's deviation from bin m(b), so a moved partial
// has exactly pitch times its frequency and an onset's bins stay put. With
// formants kept, magnitudes are multiplied by the ratio of the input's
// spectral envelope at b and at m(b). It reads one frame's analysis and writes
// the spectrum the frame synthesises; all its arrays live in the stretcher's
// arena (index -1 and the bin past the top are guards).

/** Width of the formant envelope's smoothing, in Hz: wider than the harmonic spacing of voices. */
export const ENVELOPE_HZ: f64 = 300.0;
/** Half-width in bins of a partial's main lobe (Hann), which a transposition moves rigidly. */
const LOBE: f32 = 2.0;

@unmanaged
export class PitchMap {
  constructor(
    private readonly bins: i32,
    private readonly stereo: bool,
    /** The formant envelope's smoothing width in bins (ENVELOPE_HZ at the stream's rate and FFT size). */
    private readonly envelopeWidth: i32,
    /** The frame's analysis, read. */
    private readonly x: FrameSpectrum,
    /** The pitch-mapped spectrum, written (its step holds the phase step across each output edge). */
    private readonly v: FrameSpectrum,
    // Per-bin scratch: the input's phases then steps, the map's positions and
    // gains, the envelope and its scratch, the peaks' input and output bins.
    private readonly phase: usize,
    private readonly pos: usize,
    private readonly gain: usize,
    private readonly envelope: usize,
    private readonly envelopeTmp: usize,
    private readonly peakIn: usize,
    private readonly peakOut: usize,
    /** Bin-interleaved (left re, left im, right re, right im) copies of x and v, with a bin of guard below. */
    private readonly xQuad: usize,
    private readonly vQuad: usize,
  ) {}

  /**
   * Builds the pitch-shifted spectrum v from x: peaks (local maxima of the
   * mid's energy) move to pitch * their reassigned frequency with their lobes
   * translated intact; between two peaks (and from DC, which stays) the
   * translation glides, and energy scales with the map's slope so a stretched
   * region is not louder.
   */
  map(pitch: f32, formant: bool): void {
    const x = this.x;
    const v = this.v;
    const bins = this.bins;
    const energy = x.energy;
    const omega = x.omega;
    // Lanes past the last bin hold mirrored bins (see the stretcher's analyse), never more than the real ones.
    let peaks = f32x4.splat(0);
    for (let k = 0; k < bins; k += 4) peaks = f32x4.max(peaks, v128.load(energy + ((<usize>k) << 2)));
    const peak = Mathf.max(
      Mathf.max(f32x4.extract_lane(peaks, 0), f32x4.extract_lane(peaks, 1)),
      Mathf.max(f32x4.extract_lane(peaks, 2), f32x4.extract_lane(peaks, 3)),
    );
    const floor = f32x4.splat(peak * 1e-9);
    // DC stays at DC: a fixed peak at 0, so the lowest bins glide from no shift
    // to the first partial's instead of taking its translation (which would move DC up).
    store<f32>(this.peakIn, 0);
    store<f32>(this.peakOut, 0);
    let count = 1;
    // Peaks: bins above the floor and above their two neighbours either side (ties to the lower bin).
    for (let k = 0; k < bins; k += 4) {
      const at = energy + ((<usize>k) << 2);
      const e = v128.load(at);
      let mask = v128.and(f32x4.gt(e, floor), f32x4.gt(e, v128.load(at - 4)));
      mask = v128.and(mask, f32x4.ge(e, v128.load(at + 4)));
      mask = v128.and(mask, f32x4.gt(e, v128.load(at - 8)));
      mask = v128.and(mask, f32x4.ge(e, v128.load(at + 8)));
      let bits = i32x4.bitmask(mask);
      while (bits != 0) {
        const lane = ctz(bits);
        bits &= bits - 1;
        const b = k + lane;
        if (b < 2 || b >= bins - 2) continue;
        const kf = <f32>b;
        const f = Mathf.min(Mathf.max(load<f32>(omega + ((<usize>b) << 2)), kf - 0.5), kf + 0.5);
        store<f32>(this.peakIn + ((<usize>count) << 2), f);
        store<f32>(this.peakOut + ((<usize>count) << 2), f * pitch);
        count++;
      }
    }
    const pos = this.pos;
    const gain = this.gain;
    // Each peak's lobe (LOBE bins either side) is translated rigidly; between
    // two lobes the offset glides linearly (the slope of m, which scales the
    // energy, stays positive for peaks more than 2 LOBE apart); lobes closer
    // than that meet half way.
    let b = 0;
    for (let i = 1; i < count && b < bins; i++) {
      const outA = load<f32>(this.peakOut + ((<usize>(i - 1)) << 2));
      const outB = load<f32>(this.peakOut + ((<usize>i) << 2));
      const offA = load<f32>(this.peakIn + ((<usize>(i - 1)) << 2)) - outA;
      const offB = load<f32>(this.peakIn + ((<usize>i) << 2)) - outB;
      let edgeA = outA + LOBE;
      let edgeB = outB - LOBE;
      if (edgeA >= edgeB) {
        edgeA = 0.5 * (outA + outB);
        edgeB = edgeA;
      }
      const endA = min(bins, <i32>Mathf.ceil(edgeA));
      for (; b < endA; b++) {
        store<f32>(pos + ((<usize>b) << 2), <f32>b + offA);
        store<f32>(gain + ((<usize>b) << 2), 1.0);
      }
      const endGlide = min(bins, <i32>Mathf.ceil(edgeB));
      if (b < endGlide) {
        const slope: f32 = (offB - offA) / (edgeB - edgeA);
        const g = Mathf.sqrt(Mathf.max(1.0 + slope, 0.0));
        for (; b < endGlide; b++) {
          store<f32>(pos + ((<usize>b) << 2), <f32>b + offA + (<f32>b - edgeA) * slope);
          store<f32>(gain + ((<usize>b) << 2), g);
        }
      }
    }
    const lastOff =
      load<f32>(this.peakIn + ((<usize>(count - 1)) << 2)) -
      load<f32>(this.peakOut + ((<usize>(count - 1)) << 2));
    for (; b < bins; b++) {
      store<f32>(pos + ((<usize>b) << 2), <f32>b + lastOff);
      store<f32>(gain + ((<usize>b) << 2), 1.0);
    }
    if (formant) this.formantGains();

    // Interpolate (Catmull-Rom on the complex spectra, linear on frequency) at the mapped positions.
    this.mirrorGuards();
    interleave(this.xQuad - 64, x.lr - 16, x.li - 16, x.rr - 16, x.ri - 16, bins + 8);
    const quad = this.xQuad;
    const top = <f32>(bins - 1);
    for (let b = 0; b < bins; b++) {
      const o = (<usize>b) << 2;
      const m = load<f32>(pos + o);
      const at = this.vQuad + ((<usize>b) << 4);
      if (!(m >= 0.0 && m <= top)) {
        v128.store(at, f32x4.splat(0));
        store<f32>(v.omega + o, <f32>b);
        continue;
      }
      let i = <i32>m;
      if (i > bins - 2) i = bins - 2;
      const t = m - <f32>i;
      const t2 = t * t;
      const t3 = t2 * t;
      const g = load<f32>(gain + o);
      const c0: f32 = (-0.5 * t3 + t2 - 0.5 * t) * g;
      const c1: f32 = (1.5 * t3 - 2.5 * t2 + 1.0) * g;
      const c2: f32 = (-1.5 * t3 + 2.0 * t2 + 0.5 * t) * g;
      const c3: f32 = (0.5 * t3 - 0.5 * t2) * g;
      const q = quad + ((<usize>(i - 1)) << 4);
      let tap = f32x4.mul(v128.load(q), f32x4.splat(c0));
      tap = f32x4.add(tap, f32x4.mul(v128.load(q, 16), f32x4.splat(c1)));
      tap = f32x4.add(tap, f32x4.mul(v128.load(q, 32), f32x4.splat(c2)));
      tap = f32x4.add(tap, f32x4.mul(v128.load(q, 48), f32x4.splat(c3)));
      v128.store(at, tap);
      const w0 = load<f32>(omega + ((<usize>i) << 2));
      const w1 = load<f32>(omega + ((<usize>(i + 1)) << 2));
      // The bin's own frequency plus the input's deviation from its bin: a translated
      // partial lands exactly on pitch * its frequency, and an onset's bins (no
      // deviation) advance as their own bins do, so the onset stays where it was.
      store<f32>(v.omega + o, <f32>b + (w0 + t * (w1 - w0)) - m);
    }
    deinterleave(this.vQuad, v.lr, v.li, v.rr, v.ri, bins);
    this.steps();
  }

  /**
   * The phase step across each output edge b -> b+1: the input's step per
   * input bin at the edge's mapped position. Per input bin, not per mapped
   * distance: an event keeps its time offset within the frame wherever the
   * map glides, so transposing moves no onset.
   */
  private steps(): void {
    const x = this.x;
    const v = this.v;
    const bins = this.bins;
    const half = bins - 1;
    const phase = this.phase;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      let mr = v128.load(x.lr + o);
      let mi = v128.load(x.li + o);
      if (this.stereo) {
        const rr = v128.load(x.rr + o);
        const ri = v128.load(x.ri + o);
        const side = Lanes.sideWins(mr, mi, rr, ri);
        mr = f32x4.add(mr, v128.xor(rr, side));
        mi = f32x4.add(mi, v128.xor(ri, side));
      }
      v128.store(phase + o, Lanes.atan2v(mi, mr));
    }
    // In place: step k reads phases k and k+1 before anything at k+1 is overwritten.
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      v128.store(phase + o, Lanes.wrapv(f32x4.sub(v128.load(phase + o + 4), v128.load(phase + o))));
    }
    const last = <f32>(half - 1);
    let m0 = load<f32>(this.pos);
    for (let b = 0; b < half; b++) {
      const m1 = load<f32>(this.pos + ((<usize>(b + 1)) << 2));
      const at = 0.5 * (m0 + m1) - 0.5;
      m0 = m1;
      let value: f32 = 0;
      if (at >= 0.0 && at <= last) {
        const i = min(<i32>at, half - 2);
        const t = at - <f32>i;
        const s0 = load<f32>(phase + ((<usize>i) << 2));
        const s1 = load<f32>(phase + ((<usize>(i + 1)) << 2));
        value = <f32>(s0 + t * (s1 - s0));
      }
      store<f32>(v.step + ((<usize>b) << 2), value);
    }
  }

  /** Multiplies the map gains by envelope(b) / envelope(m(b)): the formants stay where they were. */
  private formantGains(): void {
    const x = this.x;
    const bins = this.bins;
    const env = this.envelope;
    const tmp = this.envelopeTmp;
    // The strongest energy within a window wider than the harmonic spacing, then
    // its mean over the same width: the envelope rides on the partials' peaks
    // instead of sinking into the valleys between them.
    const width = this.envelopeWidth;
    maxFilter(env, x.energy, bins, width);
    boxSmooth(env, tmp, bins, width);
    for (let k = 0; k < bins; k += 4) {
      const o = (<usize>k) << 2;
      v128.store(env + o, Lanes.log2v(f32x4.add(v128.load(env + o), f32x4.splat(1e-12))));
    }
    const top = <f32>(bins - 1);
    for (let b = 0; b < bins; b++) {
      const o = (<usize>b) << 2;
      const m = Mathf.min(Mathf.max(load<f32>(this.pos + o), 0.0), top);
      const i = min(<i32>m, bins - 2);
      const t = m - <f32>i;
      const e0 = load<f32>(env + ((<usize>i) << 2));
      const e1 = load<f32>(env + ((<usize>(i + 1)) << 2));
      const diff: f32 = Mathf.min(Mathf.max(load<f32>(env + o) - (e0 + t * (e1 - e0)), -8.0), 8.0);
      store<f32>(tmp + o, diff * 0.5);
    }
    for (let b = 0; b < bins; b += 4) {
      const o = (<usize>b) << 2;
      v128.store(this.gain + o, f32x4.mul(v128.load(this.gain + o), Lanes.exp2v(v128.load(tmp + o))));
    }
  }

  /** Guards for the interpolation's outer taps: bin -1 mirrors bin 1, the bin past the top is silent. */
  private mirrorGuards(): void {
    const x = this.x;
    const top = (<usize>this.bins) << 2;
    store<f32>(x.lr - 4, load<f32>(x.lr + 4));
    store<f32>(x.li - 4, -load<f32>(x.li + 4));
    store<f32>(x.rr - 4, load<f32>(x.rr + 4));
    store<f32>(x.ri - 4, -load<f32>(x.ri + 4));
    store<f32>(x.lr + top, 0);
    store<f32>(x.li + top, 0);
    store<f32>(x.rr + top, 0);
    store<f32>(x.ri + top, 0);
  }
}

import { Lanes } from "./simd-math";

// Phase-gradient heap integration (Prusa and Holighaus, "Phase vocoder done
// right", 2017): each output bin's phase is integrated from a neighbour that
// already has one, strongest first, across time (the previous frame's phase
// advanced by the hop times the bin's instantaneous frequency) or across
// frequency (the input's phase step between the two bins, scaled by the
// local stretch). The advance across time comes from the reassignment
// formula: exact for a steady partial, no unwrapping, independent of the
// analysis hop. Steady partials are thus reached across time and their side
// bins across frequency (phase locking), a new onset across frequency from its
// strongest bin. The stretcher owns the memory; this keeps the phases of the
// mid from frame to frame and the bucket queue that orders the bins.

/** Queue buckets of 1/8 octave of energy (0.375 dB): 96 dB below a frame's peak, then one floor bucket. */
export const BUCKETS: i32 = 256;
/** Bins more than QUIET_DB below a frame's loudest skip the queue (keys are 10 log10(2) / 8 dB). */
const QUIET_DB: f64 = 60.0;
const QUIET_KEY: i32 = BUCKETS - 1 - <i32>((QUIET_DB * 8.0) / 3.0103);
/** In a frame played at speed 1, a bin whose energy rose this many keys (3 dB) restarts from the input's phase. */
const RISE_KEYS: i32 = 8;
/** The spectrum a frame synthesises: per-bin arrays in the stretcher's arena. */
@unmanaged
export class FrameSpectrum {
  constructor(
    /** Left (or mono) and right channel, real and imaginary parts. */
    readonly lr: usize,
    readonly li: usize,
    readonly rr: usize,
    readonly ri: usize,
    /** Instantaneous frequency per bin, radians per sample. */
    readonly omega: usize,
    /** Energy of the mid per bin (written here for the analysis, read for the mapped copy). */
    readonly energy: usize,
    /** The mapped copy's phase steps between bins (unused for the analysis). */
    readonly step: usize,
  ) {}
}

@unmanaged
export class PhaseIntegrator {
  /** The input's phase of the mid per bin, this frame. */
  readonly phaseIn: usize;
  /** The output phases: this frame's after integrate(), until swap(). */
  phaseOut: usize;
  private phasePrev: usize;
  /** Phase turned per hop per unit of (omega + previous omega): pi * hop / fftSize. */
  private readonly hopPhase: f32;

  /**
   * bins: fftSize / 2 + 1; the arrays hold bins rounded up to 4 (plus one more
   * lane for the step's neighbour), queueNext twice that, queueHeads BUCKETS.
   */
  constructor(
    private readonly bins: i32,
    private readonly stereo: bool,
    hop: i32,
    fftSize: i32,
    phaseIn: usize,
    private readonly step: usize,
    private readonly advance: usize,
    phaseOut: usize,
    phasePrev: usize,
    private readonly omegaPrev: usize,
    private readonly keyCur: usize,
    private readonly keyPrev: usize,
    private readonly queueNext: usize,
    private readonly queueHeads: usize,
    private readonly done: usize,
  ) {
    this.phaseIn = phaseIn;
    this.phaseOut = phaseOut;
    this.phasePrev = phasePrev;
    this.hopPhase = <f32>((Math.PI * <f64>hop) / <f64>fftSize);
  }

  /**
   * Integrates this frame's output phases into phaseOut. spectrum: the one
   * being synthesised (the analysis, or its pitch-mapped copy when mapped);
   * scale: the local stretch; fresh: the first frame after a seek, which
   * takes the input's phases as they are.
   */
  integrate(spectrum: FrameSpectrum, mapped: bool, scale: f32, fresh: bool): void {
    const bins = this.bins;
    const half = bins - 1;
    const vr = spectrum.lr;
    const vi = spectrum.li;
    const stereo = this.stereo;
    const wr = spectrum.rr;
    const wi = spectrum.ri;
    const omega = spectrum.omega;
    const energyOut = spectrum.energy;
    // Input phase of the mid, and (mapped only) its energy.
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      let mr = v128.load(vr + o);
      let mi = v128.load(vi + o);
      if (stereo) {
        const rr = v128.load(wr + o);
        const ri = v128.load(wi + o);
        const side = Lanes.sideWins(mr, mi, rr, ri);
        mr = f32x4.add(mr, v128.xor(rr, side));
        mi = f32x4.add(mi, v128.xor(ri, side));
      }
      v128.store(this.phaseIn + o, Lanes.atan2v(mi, mr));
      if (mapped) v128.store(energyOut + o, f32x4.add(f32x4.mul(mr, mr), f32x4.mul(mi, mi)));
    }
    if (fresh) {
      memory.copy(this.phaseOut, this.phaseIn, (<usize>bins) << 2);
      this.finish(omega, energyOut);
      return;
    }
    // Phase steps across frequency (between bins k and k+1) and across time (trapezoid of the two frequencies).
    const scaleV = f32x4.splat(scale);
    const hopFactor = f32x4.splat(this.hopPhase);
    let keyMax = i32x4.splat(0);
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const here = v128.load(this.phaseIn + o);
      const next = v128.load(this.phaseIn + o + 4);
      const stepV = mapped ? v128.load(spectrum.step + o) : Lanes.wrapv(f32x4.sub(next, here));
      v128.store(this.step + o, f32x4.mul(stepV, scaleV));
      v128.store(
        this.advance + o,
        f32x4.mul(f32x4.add(v128.load(this.omegaPrev + o), v128.load(omega + o)), hopFactor),
      );
      // Keys: exponent and top 3 mantissa bits of the energy, 1/8 octave steps.
      const key = i32x4.shr_s(v128.load(energyOut + o), 20);
      v128.store(this.keyCur + o, key);
      keyMax = i32x4.max_s(keyMax, key);
    }
    let top = max(
      max(i32x4.extract_lane(keyMax, 0), i32x4.extract_lane(keyMax, 1)),
      max(i32x4.extract_lane(keyMax, 2), i32x4.extract_lane(keyMax, 3)),
    );
    // Relative keys: bucket BUCKETS-1 is this frame's loudest bin. Then each
    // bin's candidate across time: the previous frame's phase advanced by the
    // hop. But where the frame plays the input at speed 1 untransposed (the
    // transient lock's frames around an onset), a bin whose energy rose by
    // RISE_KEYS (what the previous frame held there is not what is here now)
    // takes the input's own phase instead (a phase reset), competing at its
    // current energy: the onset's strongest bin anchors it with the input's
    // phase and its other bins follow across frequency, so the onset comes out
    // as it went in. (Anchored by some older partial instead, an onset keeps
    // its shape only up to a constant phase, which turns a click into its
    // Hilbert transform, smeared both ways.)
    const shift = i32x4.splat(BUCKETS - 1 - top);
    const lowest = i32x4.splat(0);
    const highest = i32x4.splat(BUCKETS - 1);
    const rise = i32x4.splat(RISE_KEYS - 1);
    const resets = scale == 1.0 && !mapped;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const cur = i32x4.min_s(i32x4.max_s(i32x4.add(v128.load(this.keyCur + o), shift), lowest), highest);
      v128.store(this.keyCur + o, cur);
      const before = i32x4.min_s(i32x4.max_s(i32x4.add(v128.load(this.keyPrev + o), shift), lowest), highest);
      const carried = f32x4.add(v128.load(this.phasePrev + o), v128.load(this.advance + o));
      if (resets) {
        const onset = i32x4.gt_s(i32x4.sub(cur, before), rise);
        v128.store(this.keyPrev + o, v128.bitselect(cur, before, onset));
        v128.store(this.advance + o, v128.bitselect(v128.load(this.phaseIn + o), carried, onset));
      } else {
        v128.store(this.keyPrev + o, before);
        v128.store(this.advance + o, carried);
      }
    }

    const heads = this.queueHeads;
    const next = this.queueNext;
    const done = this.done;
    const keyCur = this.keyCur;
    const keyPrev = this.keyPrev;
    const out = this.phaseOut;
    const step = this.step;
    const candidate = this.advance;
    memory.fill(heads, 0xff, (<usize>BUCKETS) << 2);
    memory.fill(done, 0, <usize>bins);
    top = -1;
    let remaining = bins;
    // Across-time entries, ids bins..2*bins-1. Bins far below the frame's
    // loudest take their across-time candidate at once: inaudible either way,
    // and most of a frame's bins in sparse spectra.
    for (let b = 0; b < bins; b++) {
      const o = (<usize>b) << 2;
      if (load<i32>(keyCur + o) < QUIET_KEY) {
        store<f32>(out + o, load<f32>(candidate + o));
        store<u8>(done + <usize>b, 1);
        remaining--;
        continue;
      }
      const key = load<i32>(keyPrev + o);
      const id = b + bins;
      const head = heads + ((<usize>key) << 2);
      store<i32>(next + ((<usize>id) << 2), load<i32>(head));
      store<i32>(head, id);
      if (key > top) top = key;
    }
    while (remaining > 0) {
      // Pop the strongest entry.
      let head = heads + ((<usize>top) << 2);
      let id = load<i32>(head);
      while (id < 0) {
        top--;
        head -= 4;
        id = load<i32>(head);
      }
      store<i32>(head, load<i32>(next + ((<usize>id) << 2)));
      if (id >= bins) {
        // Across time.
        const b = id - bins;
        if (load<u8>(done + <usize>b) != 0) continue;
        const o = (<usize>b) << 2;
        store<f32>(out + o, load<f32>(candidate + o));
        store<u8>(done + <usize>b, 1);
        remaining--;
        const key = load<i32>(keyCur + o);
        const h = heads + ((<usize>key) << 2);
        store<i32>(next + o, load<i32>(h));
        store<i32>(h, b);
        if (key > top) top = key;
      } else {
        // Across frequency, to both neighbours.
        const o = (<usize>id) << 2;
        const phase = load<f32>(out + o);
        if (id < half && load<u8>(done + <usize>(id + 1)) == 0) {
          store<f32>(out + o + 4, phase + load<f32>(step + o));
          store<u8>(done + <usize>(id + 1), 1);
          remaining--;
          const key = load<i32>(keyCur + o + 4);
          const h = heads + ((<usize>key) << 2);
          store<i32>(next + o + 4, load<i32>(h));
          store<i32>(h, id + 1);
          if (key > top) top = key;
        }
        if (id > 0 && load<u8>(done + <usize>(id - 1)) == 0) {
          store<f32>(out + o - 4, phase - load<f32>(step + o - 4));
          store<u8>(done + <usize>(id - 1), 1);
          remaining--;
          const key = load<i32>(keyCur + o - 4);
          const h = heads + ((<usize>key) << 2);
          store<i32>(next + o - 4, load<i32>(h));
          store<i32>(h, id - 1);
          if (key > top) top = key;
        }
      }
    }
    this.finish(omega, energyOut);
  }

  /** Wraps the output phases and keeps this frame's state for the next. */
  private finish(omega: usize, energy: usize): void {
    const half = this.bins - 1;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      v128.store(this.phaseOut + o, Lanes.wrapv(v128.load(this.phaseOut + o)));
      v128.store(this.keyPrev + o, i32x4.shr_s(v128.load(energy + o), 20));
    }
    memory.copy(this.omegaPrev, omega, (<usize>this.bins) << 2);
  }

  /** After synthesis: this frame's output phases become the previous frame's. */
  swap(): void {
    const phases = this.phasePrev;
    this.phasePrev = this.phaseOut;
    this.phaseOut = phases;
  }
}

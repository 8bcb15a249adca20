// The per-track EQ: six biquads in series, with smoothed parameters and click-free bypass.

import { QUANTUM_FRAMES } from "./abi";
import { Biquad, HIGH_PASS, HIGH_SHELF, LOW_PASS, LOW_SHELF, PEAKING } from "./biquad";
import {
  guardInPlace,
  loadPlanar,
  loadStereo,
  SCRATCH,
  SCRATCH_RIGHT,
  storePlanar,
  storeStereo,
} from "./eq-frames";

/** Stage ids, in chain order. */
export const EQ_HIGH_PASS: i32 = 0;
export const EQ_BAND1: i32 = 1;
export const EQ_BAND2: i32 = 2;
export const EQ_BAND3: i32 = 3;
export const EQ_BAND4: i32 = 4;
export const EQ_LOW_PASS: i32 = 5;
export const EQ_STAGES: i32 = 6;

const MIN_FREQUENCY: f64 = 10;
const MAX_FREQUENCY_RATIO: f64 = 0.49;
const MIN_Q: f64 = 0.05;
const MAX_Q: f64 = 40;
const MAX_GAIN_DB: f64 = 36;

// A moving stage is redesigned once per CONTROL_FRAMES: often enough that each coefficient step
// is inaudibly small, rarely enough that the sin/cos/pow of a design cost little per frame.
const CONTROL_FRAMES: i32 = 16;
const SMOOTHING_SECONDS: f64 = 0.01;
// Settled when within 0.001 % of the target frequency and Q and 1e-4 dB of the target gain: the
// final jump to the exact target is then far below anything audible.
const SETTLED_LOG: f64 = 1e-5;
const SETTLED_DB: f64 = 1e-4;
// Bypass crossfade: long enough that the ramp itself adds no click, short enough to feel instant.
const BYPASS_SECONDS: f64 = 0.005;

const MIN_SAMPLE_RATE: f64 = 8000;
const MAX_SAMPLE_RATE: f64 = 768000;

class EqStage {
  readonly filter: Biquad = new Biquad();
  enabled: bool = false;
  // The filter's share of the output: 0 is bypassed, 1 is fully filtered; ramps between the two.
  mix: f64 = 0;
  moving: bool = false;
  // Targets as set, and the smoothed values the coefficients follow (log scales for frequency
  // and Q so a sweep moves at an even musical pace).
  frequency: f64;
  q: f64;
  gainDb: f64;
  logFrequency: f64 = 0;
  logQ: f64 = 0;
  smoothGainDb: f64 = 0;

  constructor(
    readonly kind: i32,
    frequency: f64,
    q: f64,
    gainDb: f64,
    sampleRate: f64,
  ) {
    this.frequency = frequency;
    this.q = q;
    this.gainDb = gainDb;
    this.settle(sampleRate);
  }

  set(enabled: bool, frequency: f64, q: f64, gainDb: f64, maxFrequency: f64): void {
    this.enabled = enabled;
    // A parameter that is NaN or infinite keeps its previous value; the others still apply.
    if (isFinite(frequency)) frequency = min<f64>(max<f64>(frequency, MIN_FREQUENCY), maxFrequency);
    else frequency = this.frequency;
    if (isFinite(q)) q = min<f64>(max<f64>(q, MIN_Q), MAX_Q);
    else q = this.q;
    if (this.kind == LOW_PASS || this.kind == HIGH_PASS) gainDb = 0;
    else if (isFinite(gainDb)) gainDb = min<f64>(max<f64>(gainDb, -MAX_GAIN_DB), MAX_GAIN_DB);
    else gainDb = this.gainDb;
    if (frequency == this.frequency && q == this.q && gainDb == this.gainDb) return;
    this.frequency = frequency;
    this.q = q;
    this.gainDb = gainDb;
    this.moving = true;
  }

  /** One control step of the one-pole smoothers: `k` of the remaining distance. */
  smooth(k: f64, sampleRate: f64): void {
    const dF = Math.log(this.frequency) - this.logFrequency;
    const dQ = Math.log(this.q) - this.logQ;
    const dG = this.gainDb - this.smoothGainDb;
    if (abs<f64>(dF) < SETTLED_LOG && abs<f64>(dQ) < SETTLED_LOG && abs<f64>(dG) < SETTLED_DB) {
      this.settle(sampleRate);
      return;
    }
    this.logFrequency += k * dF;
    this.logQ += k * dQ;
    this.smoothGainDb += k * dG;
    this.filter.design(
      this.kind,
      sampleRate,
      Math.exp(this.logFrequency),
      Math.exp(this.logQ),
      this.smoothGainDb,
    );
  }

  /** Jumps to the targets; designs from them, not from their logs, so settled coefficients are exact. */
  settle(sampleRate: f64): void {
    this.logFrequency = Math.log(this.frequency);
    this.logQ = Math.log(this.q);
    this.smoothGainDb = this.gainDb;
    this.filter.design(this.kind, sampleRate, this.frequency, this.q, this.gainDb);
    this.moving = false;
  }
}

export class TrackEq {
  readonly sampleRate: f64;
  private readonly stages: StaticArray<EqStage> = new StaticArray<EqStage>(EQ_STAGES);
  private enabled: bool = true;
  private readonly smoothing: f64;
  private readonly fadeStep: f64;
  // Frames since the last control step, so steps fall every CONTROL_FRAMES whatever the call sizes.
  private controlPhase: i32 = 0;
  // Whether any audible stage is still smoothing: only then is a call cut into control steps.
  private moving: bool = false;
  // The filters runSteady runs, in chain order; filled per call, so it allocates nothing.
  private readonly steady: StaticArray<Biquad> = new StaticArray<Biquad>(EQ_STAGES);

  /** Starts enabled, with every stage disabled: transparent until a stage is set. */
  constructor(sampleRate: f64) {
    const rate = isNaN(sampleRate) ? 48000 : min<f64>(max<f64>(sampleRate, MIN_SAMPLE_RATE), MAX_SAMPLE_RATE);
    this.sampleRate = rate;
    this.smoothing = 1.0 - Math.exp(-(<f64>CONTROL_FRAMES) / (SMOOTHING_SECONDS * rate));
    this.fadeStep = 1.0 / (BYPASS_SECONDS * rate);
    const stages = this.stages;
    stages[EQ_HIGH_PASS] = new EqStage(HIGH_PASS, 30, Math.SQRT1_2, 0, rate);
    stages[EQ_BAND1] = new EqStage(LOW_SHELF, 120, Math.SQRT1_2, 0, rate);
    stages[EQ_BAND2] = new EqStage(PEAKING, 500, 1, 0, rate);
    stages[EQ_BAND3] = new EqStage(PEAKING, 2500, 1, 0, rate);
    stages[EQ_BAND4] = new EqStage(HIGH_SHELF, 8000, Math.SQRT1_2, 0, rate);
    stages[EQ_LOW_PASS] = new EqStage(LOW_PASS, 18000, Math.SQRT1_2, 0, rate);
  }

  setEnabled(on: bool): void {
    this.enabled = on;
  }

  /** Out-of-range ids are ignored; gain is ignored by the high and low pass. */
  setStage(stage: i32, enabled: bool, frequency: f64, q: f64, gainDb: f64): void {
    if (stage < 0 || stage >= EQ_STAGES) return;
    this.stages[stage].set(enabled, frequency, q, gainDb, MAX_FREQUENCY_RATIO * this.sampleRate);
  }

  /** Clears the filters' memory and jumps every parameter and bypass to its target (after a seek). */
  reset(): void {
    for (let i = 0; i < EQ_STAGES; i++) {
      const s = unchecked(this.stages[i]);
      s.settle(this.sampleRate);
      s.filter.reset();
      s.mix = this.isActive(s) ? 1 : 0;
    }
    this.controlPhase = 0;
    this.moving = false;
  }

  /** Writes b0, b1, b2, a1, a2 (normalised, f64) of the coefficients the stage filters with now. */
  coefficients(stage: i32, out: usize): void {
    if (stage < 0 || stage >= EQ_STAGES) return;
    const f = this.stages[stage].filter;
    store<f64>(out, f.b0, 0);
    store<f64>(out, f.b1, 8);
    store<f64>(out, f.b2, 16);
    store<f64>(out, f.a1, 24);
    store<f64>(out, f.a2, 32);
  }

  /** SIMD path: filters planar f32 `left` and `right` in place; L and R share f64x2 lanes. */
  process(left: usize, right: usize, frames: i32): void {
    this.run(left, right, frames, true);
  }

  /** Scalar path, equal to process() bit for bit: the same f64 operations in the same order. */
  processScalar(left: usize, right: usize, frames: i32): void {
    this.run(left, right, frames, false);
  }

  private run(left: usize, right: usize, frames: i32, simd: bool): void {
    if (frames <= 0) return;
    // Untouched buffers when nothing is audible: a bypassed EQ is bit-transparent and costs nothing.
    // The control grid still advances, so it stays where the call sizes cannot move it.
    if (!this.prepare()) {
      this.controlPhase = (this.controlPhase + frames) % CONTROL_FRAMES;
      return;
    }
    for (let done = 0; done < frames; done += QUANTUM_FRAMES) {
      const n = min<i32>(frames - done, QUANTUM_FRAMES);
      const offset = (<usize>done) << 2;
      if (simd && this.runSteady(left + offset, right + offset, n)) continue;
      if (simd) loadStereo(left + offset, right + offset, n);
      else loadPlanar(left + offset, right + offset, n);
      this.runStages(n, simd);
      if (simd) storeStereo(left + offset, right + offset, n);
      else storePlanar(left + offset, right + offset, n);
    }
  }

  /**
   * The SIMD path while no stage smooths or crossfades, equal bit for bit to the general one: the
   * filtering stages run two at a time sample by sample (Biquad.runStereoPair), so their recursions
   * overlap; transparent stages only keep their memory current, as runStage does. Returns false
   * without touching anything when the general path must run instead: while a stage moves or fades,
   * and after a fade that ended in the last frames of a call, until each pair's second filter has
   * seen its first one's output.
   */
  private runSteady(left: usize, right: usize, frames: i32): bool {
    if (this.moving) return false;
    const run = this.steady;
    let count = 0;
    // The transparent stages, by bit; decided before any filter runs, as runStage decides.
    let passing = 0;
    for (let i = 0; i < EQ_STAGES; i++) {
      const s = unchecked(this.stages[i]);
      const active = this.isActive(s);
      if (s.mix != (active ? 1.0 : 0.0)) return false; // fading
      if (!active) continue;
      if (s.filter.isTransparent()) {
        passing |= 1 << i;
        continue;
      }
      if ((count & 1) == 1 && !unchecked(run[count - 1]).feeds(s.filter)) return false;
      run[count] = s.filter;
      count++;
    }
    // The input's last two samples, for the transparent stages ahead of every filtering one.
    const last = (<usize>(frames - 1)) << 2;
    const before = frames > 1 ? last - 4 : last;
    const l1 = <f64>load<f32>(left + last);
    const l2 = <f64>load<f32>(left + before);
    const r1 = <f64>load<f32>(right + last);
    const r2 = <f64>load<f32>(right + before);
    if (count == 0) {
      guardInPlace(left, frames);
      guardInPlace(right, frames);
    } else {
      loadStereo(left, right, frames);
      let k = 0;
      for (; k + 1 < count; k += 2) {
        unchecked(run[k]).runStereoPair(unchecked(run[k + 1]), SCRATCH, frames);
      }
      if (k < count) unchecked(run[k]).runStereo(SCRATCH, frames, 1, 0);
      storeStereo(left, right, frames);
    }
    let source: Biquad | null = null;
    for (let i = 0; i < EQ_STAGES; i++) {
      const s = unchecked(this.stages[i]);
      if (!this.isActive(s)) continue;
      const f = s.filter;
      if (!(passing & (1 << i))) source = f;
      else if (source) f.passFrom(source, frames);
      else f.pass(frames, l1, l2, r1, r2);
    }
    this.controlPhase = (this.controlPhase + frames) % CONTROL_FRAMES;
    return true;
  }

  private isActive(s: EqStage): bool {
    return this.enabled && s.enabled;
  }

  /** Starts the stages that are fading in; returns whether any stage is audible. */
  private prepare(): bool {
    let audible = false;
    let moving = false;
    for (let i = 0; i < EQ_STAGES; i++) {
      const s = unchecked(this.stages[i]);
      const active = this.isActive(s);
      if (active && s.mix == 0) {
        // Silent until now: its targets may have changed and its memory is stale. It fades in from
        // a clean state at its targets, so there is nothing to glide.
        s.settle(this.sampleRate);
        s.filter.reset();
      }
      if (active || s.mix > 0) {
        audible = true;
        moving = moving || s.moving;
      }
    }
    this.moving = moving;
    return audible;
  }

  private runStages(frames: i32, simd: bool): void {
    for (let pos = 0; pos < frames; ) {
      let n = frames - pos;
      if (this.moving) {
        if (this.controlPhase == 0) this.controlStep();
        n = min<i32>(n, CONTROL_FRAMES - this.controlPhase);
      }
      for (let i = 0; i < EQ_STAGES; i++) this.runStage(unchecked(this.stages[i]), pos, n, simd);
      this.controlPhase = (this.controlPhase + n) % CONTROL_FRAMES;
      pos += n;
    }
  }

  private controlStep(): void {
    let moving = false;
    for (let i = 0; i < EQ_STAGES; i++) {
      const s = unchecked(this.stages[i]);
      if (s.moving && (s.mix > 0 || this.isActive(s))) {
        s.smooth(this.smoothing, this.sampleRate);
        moving = moving || s.moving;
      }
    }
    this.moving = moving;
  }

  private runStage(s: EqStage, pos: i32, frames: i32, simd: bool): void {
    const active = this.isActive(s);
    if (!active && s.mix == 0) return;
    const target: f64 = active ? 1 : 0;
    const delta = s.mix == target ? 0 : active ? this.fadeStep : -this.fadeStep;
    if (delta == 0 && active && s.filter.isTransparent()) {
      // A band at exactly 0 dB: its output would be its input plus rounding noise. Passing the
      // input instead saves the work and differs by far less than the f32 output resolves.
      const last = pos + frames - 1;
      if (simd) {
        const p = SCRATCH + ((<usize>last) << 4);
        const q = frames > 1 ? p - 16 : p;
        s.filter.pass(frames, load<f64>(p), load<f64>(q), load<f64>(p, 8), load<f64>(q, 8));
      } else {
        const p = (<usize>last) << 3;
        const q = frames > 1 ? p - 8 : p;
        s.filter.pass(
          frames,
          load<f64>(SCRATCH + p),
          load<f64>(SCRATCH + q),
          load<f64>(SCRATCH_RIGHT + p),
          load<f64>(SCRATCH_RIGHT + q),
        );
      }
      return;
    }
    if (simd) {
      s.mix = s.filter.runStereo(SCRATCH + ((<usize>pos) << 4), frames, s.mix, delta);
    } else {
      const offset = (<usize>pos) << 3;
      s.mix = s.filter.runPlanar(SCRATCH + offset, SCRATCH_RIGHT + offset, frames, s.mix, delta);
    }
  }
}

// Host interface: an EQ handle is the object's address. It is pinned, so a collection never frees
// an EQ that only the host holds; EQs live as long as the instance (tracks are few and long-lived).

/** Setup only: allocates, so it may grow memory. */
export function eqCreate(sampleRate: f64): usize {
  return __pin(changetype<usize>(new TrackEq(sampleRate)));
}

export function eqSetEnabled(eq: usize, on: bool): void {
  changetype<TrackEq>(eq).setEnabled(on);
}

export function eqSetStage(eq: usize, stage: i32, enabled: bool, frequency: f64, q: f64, gainDb: f64): void {
  changetype<TrackEq>(eq).setStage(stage, enabled, frequency, q, gainDb);
}

export function eqReset(eq: usize): void {
  changetype<TrackEq>(eq).reset();
}

export function eqProcess(eq: usize, left: usize, right: usize, frames: i32): void {
  changetype<TrackEq>(eq).process(left, right, frames);
}

export function eqProcessScalar(eq: usize, left: usize, right: usize, frames: i32): void {
  changetype<TrackEq>(eq).processScalar(left, right, frames);
}

/** Writes five f64 at `out`: b0, b1, b2, a1, a2 of the stage's current coefficients. */
export function eqStageCoefficients(eq: usize, stage: i32, out: usize): void {
  changetype<TrackEq>(eq).coefficients(stage, out);
}

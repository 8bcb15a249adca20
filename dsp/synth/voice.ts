import { Envelope, STAGE_DECAY, STAGE_DONE } from "./envelope";
import { sinCycles, TWO_PI } from "./fast-sine";
import { KarplusString } from "./karplus";
import { Noise } from "./noise";
import { fillOscillator } from "./oscillator";
import { addPanned, Panned4 } from "./pan-mix";
import {
  ENGINE_FM,
  ENGINE_ORGAN,
  ENGINE_STRING,
  ENGINE_SUBTRACTIVE,
  Patch,
  patchOf,
  WAVE_SINE,
  WAVE_SQUARE,
} from "./patches";
import { Svf } from "./svf";

// One sounding note of a pitched patch. Modulations (vibrato, filter sweep, FM index) move once per
// CONTROL_FRAMES counted from the note's own start, never from a block edge, so the samples do not
// depend on how the host cuts the song into blocks: a range rendered alone equals that range of a
// whole render.

const CONTROL_FRAMES: i32 = 32;
/** One control period of string samples: voices render one at a time, so one buffer serves all. */
const STRING_SCRATCH: usize = memory.data(CONTROL_FRAMES << 2, 16);
/** One control period (rounded up to whole f32x4) of each oscillator's samples, likewise shared. */
const OSCILLATOR_SCRATCH: usize = memory.data((CONTROL_FRAMES + 4) << 2, 16);
const OSCILLATOR_SCRATCH_2: usize = memory.data((CONTROL_FRAMES + 4) << 2, 16);
/** Each side of a spread pair at 1/sqrt(2): uncorrelated, the two sound as loud as one centred. */
const SPREAD_GAIN: f32 = <f32>Math.SQRT1_2;
const MIDDLE_C_HZ: f64 = 261.6255653005986;
/** An envelope that decays to no sustain ends once this far down (-60 dB). */
const SILENT_LEVEL: f64 = 1e-3;
const FILTER_SETTLED_OCTAVES: f64 = 0.0007;
/** Vibrato fades in over this long once its delay has passed. */
const VIBRATO_FADE_SECONDS: f64 = 0.4;

export function midiToHz(pitch: f64): f64 {
  return 440.0 * 2.0 ** ((pitch - 69.0) / 12.0);
}

@unmanaged
export class Voice {
  active: bool = false;
  instrument: i32 = -1;
  /** Start order, for stealing the oldest voice when all are busy. */
  order: u32 = 0;
  pitch: f64 = 0;
  gainL: f32 = 0;
  gainR: f32 = 0;
  readonly envelope: Envelope = new Envelope();
  private readonly filter: Svf = new Svf();
  /** The second oscillator's filter in stereo patches: the same design, its own state. */
  private readonly filter2: Svf = new Svf();
  private readonly string: KarplusString = new KarplusString();
  private readonly noise: Noise = new Noise(1);
  private patch: Patch = patchOf(0);
  private sampleRate: f64 = 48000;
  private frequency: f64 = 440;
  private velocity: f64 = 1;
  private age: i32 = 0;
  private controlLeft: i32 = 0;
  private phase1: f64 = 0;
  private phase2: f64 = 0;
  private phaseSub: f64 = 0;
  private baseStep: f64 = 0;
  private step1: f64 = 0;
  private step2: f64 = 0;
  private detuneRatio: f64 = 1;
  private modPhase: f64 = 0;
  private tinePhase: f64 = 0;
  /** FM indices in cycles of carrier phase (radians / 2 pi). */
  private modIndex: f32 = 0;
  private tineIndex: f32 = 0;
  private modEnvelope: f64 = 1;
  private modEnvelopeStep: f64 = 1;
  private tineEnvelopeStep: f64 = 1;
  private tineEnvelope: f64 = 1;
  private filterEnvelope: f64 = 1;
  private filterEnvelopeStep: f64 = 1;
  private filterBase: f64 = 20000;
  private filtered: bool = false;
  /** The sweep (octaves) the filter was last designed for. */
  private filterSweep: f64 = 0;

  destroy(): void {
    this.string.destroy();
    heap.free(changetype<usize>(this.envelope));
    heap.free(changetype<usize>(this.filter));
    heap.free(changetype<usize>(this.filter2));
    heap.free(changetype<usize>(this.noise));
    heap.free(changetype<usize>(this));
  }

  /** gain is the instrument's, already split by its pan into gainL and gainR. */
  start(
    patchId: i32,
    sampleRate: f64,
    pitch: f64,
    velocity: f64,
    gateFrames: i32,
    gainL: f32,
    gainR: f32,
    seed: u32,
  ): void {
    const patch = patchOf(patchId);
    this.patch = patch;
    this.active = true;
    this.sampleRate = sampleRate;
    this.pitch = pitch;
    this.frequency = midiToHz(pitch);
    this.velocity = min(max(velocity, 0.0), 1.0);
    const loudness = <f32>(<f64>patch.level * this.velocity * Math.sqrt(this.velocity));
    this.gainL = gainL * loudness;
    this.gainR = gainR * loudness;
    this.noise.seed(seed);
    this.age = 0;
    this.controlLeft = 0;
    // Higher notes ring shorter, as on real strings and bars.
    const shorten = patch.decayPerOctave ** (-(pitch - 60.0) / 12.0);
    // A slow attack on a short note would never open: it takes at most a third of the note.
    const attack = min(<i32>Math.round(patch.attack * sampleRate), max(1, gateFrames / 3));
    const decay = <i32>Math.round(patch.decay * shorten * sampleRate);
    const release = <i32>Math.round(patch.release * sampleRate);
    this.envelope.start(attack, decay, patch.sustain, release, gateFrames);

    this.baseStep = this.frequency / sampleRate;
    this.step1 = this.baseStep;
    this.detuneRatio = 2.0 ** (patch.detune / 1200.0);
    this.step2 = this.baseStep * this.detuneRatio;
    // Free-running oscillators start at seeded phases, so stacked detuned notes do not all phase up.
    this.phase1 = <f64>(this.noise.next() * 0.5 + 0.5);
    this.phase2 = <f64>(this.noise.next() * 0.5 + 0.5);
    this.phaseSub = 0;
    this.modPhase = 0;
    this.tinePhase = 0;
    const controlSeconds = <f64>CONTROL_FRAMES / sampleRate;
    this.modEnvelope = 1;
    this.modEnvelopeStep = Math.exp(-controlSeconds / max(patch.modDecay * shorten, 0.001));
    this.tineEnvelope = 1;
    this.tineEnvelopeStep = Math.exp(-controlSeconds / max(patch.tineDecay, 0.001));
    this.filterEnvelope = 1;
    this.filterEnvelopeStep = Math.exp(-controlSeconds / max(patch.filterDecay, 0.001));
    this.filterBase = patch.cutoff * (this.frequency / MIDDLE_C_HZ) ** patch.keyTrack;
    this.filtered = patch.engine == ENGINE_SUBTRACTIVE && patch.wave != WAVE_SINE;
    this.filter.reset();
    this.filter2.reset();
    this.filterSweep = -1;
    if (patch.engine == ENGINE_STRING) {
      this.string.pluck(
        sampleRate,
        this.frequency,
        patch.stringDecay * shorten,
        min(1.0, patch.brightness * (0.6 + 0.4 * this.velocity)),
        patch.pick,
        this.noise,
      );
    }
  }

  /** The note's gate closes now (mono parts hand over to their next note). */
  releaseNow(): void {
    this.envelope.releaseNow();
  }

  /** Adds this voice's next `frames` frames into planar f32 left and right. */
  render(left: usize, right: usize, frames: i32): void {
    const engine = this.patch.engine;
    let done = 0;
    while (done < frames) {
      if (this.controlLeft == 0) {
        this.control();
        this.controlLeft = CONTROL_FRAMES;
      }
      if (this.envelope.stage == STAGE_DONE) break;
      const n = min(min(frames - done, this.controlLeft), this.envelope.run());
      const offset = (<usize>done) << 2;
      if (engine == ENGINE_FM) this.renderFm(left + offset, right + offset, n);
      else if (engine == ENGINE_STRING) this.renderString(left + offset, right + offset, n);
      else if (engine == ENGINE_ORGAN) this.renderOrgan(left + offset, right + offset, n);
      else this.renderSubtractive(left + offset, right + offset, n);
      this.envelope.advance(n);
      this.controlLeft -= n;
      this.age += n;
      done += n;
    }
    if (this.envelope.stage == STAGE_DONE) this.active = false;
  }

  private control(): void {
    const patch = this.patch;
    const envelope = this.envelope;
    if (envelope.stage == STAGE_DECAY && patch.sustain == 0 && envelope.level < SILENT_LEVEL) {
      envelope.releaseNow();
    }
    let ratio: f64 = 1;
    if (patch.vibratoCents > 0) {
      const seconds = <f64>this.age / this.sampleRate;
      const fade = min(1.0, max(0.0, (seconds - patch.vibratoDelay) / VIBRATO_FADE_SECONDS));
      if (fade > 0) {
        const wobble = <f64>sinCycles(<f32>(seconds * patch.vibratoRate));
        // 2^(cents / 1200) by its Taylor series: a few cents need no Math.pow (error under 1e-6 cent).
        const y = (patch.vibratoCents * fade * wobble * Math.LN2) / 1200.0;
        ratio = 1.0 + y * (1.0 + y * (0.5 + y * (1.0 / 6.0)));
      }
    }
    this.step1 = this.baseStep * ratio;
    this.step2 = this.step1 * this.detuneRatio;
    if (this.filtered) {
      const sweep = patch.filterOctaves * this.filterEnvelope * (0.5 + 0.5 * this.velocity);
      // Redesigned (a tan and a pow) only while the sweep still moves the cutoff by 0.05 % or more.
      if (abs(sweep - this.filterSweep) > FILTER_SETTLED_OCTAVES) {
        this.filter.set(this.sampleRate, this.filterBase * 2.0 ** sweep, patch.resonance);
        this.filter2.copyDesign(this.filter);
        this.filterSweep = sweep;
      }
      this.filterEnvelope *= this.filterEnvelopeStep;
      this.filter.clean();
      this.filter2.clean();
    }
    if (patch.engine == ENGINE_FM) {
      const index = patch.modSustain + (patch.modIndex - patch.modSustain) * this.modEnvelope;
      const bright = 0.6 + 0.4 * this.velocity;
      this.modIndex = <f32>((index * bright) / (2.0 * Math.PI));
      this.tineIndex = <f32>((patch.tineIndex * this.tineEnvelope * bright) / (2.0 * Math.PI));
      this.modEnvelope *= this.modEnvelopeStep;
      this.tineEnvelope *= this.tineEnvelopeStep;
    } else if (patch.engine == ENGINE_STRING) {
      this.string.clean();
    }
  }

  /**
   * Oscillators (four frames at a time in f32x4) into OSCILLATOR_SCRATCH, then the state-variable low
   * pass, the envelope and the mix frame by frame; the sine bass needs no filter and stays in f32x4.
   */
  private renderSubtractive(left: usize, right: usize, n: i32): void {
    const patch = this.patch;
    const envelope = this.envelope;
    let level = envelope.level;
    const mul = envelope.mul;
    const add = envelope.add;
    const m4 = envelope.m4;
    const a4 = envelope.a4;
    const gainL = this.gainL;
    const gainR = this.gainR;
    const step1 = this.step1;
    const step2 = this.step2;
    const subStep = step1 * 0.5;
    const wave = patch.wave;
    let p1 = this.phase1;
    let p2 = this.phase2;
    let ps = this.phaseSub;
    if (wave == WAVE_SINE) {
      const lanes1 = f32x4.mul(f32x4(0, 1, 2, 3), f32x4.splat(<f32>step1));
      let i = 0;
      for (; i + 4 <= n; i += 4) {
        const env = envelope.next4(level);
        level = level * m4 + a4;
        const y = f32x4.mul(sineBass4(f32x4.add(f32x4.splat(<f32>p1), lanes1)), env);
        p1 = wrap(p1 + 4 * step1);
        const at = (<usize>i) << 2;
        Panned4.add(left, right, at, y, f32x4.splat(gainL), f32x4.splat(gainR));
      }
      for (; i < n; i++) {
        const y = f32x4.extract_lane(sineBass4(f32x4.splat(<f32>p1)), 0) * <f32>level;
        p1 = wrap(p1 + step1);
        level = level * mul + add;
        const at = (<usize>i) << 2;
        addPanned(left, right, at, y, gainL, gainR);
      }
      this.phase1 = p1;
      envelope.level = level;
      return;
    }

    const square = wave == WAVE_SQUARE;
    const osc = OSCILLATOR_SCRATCH;
    p1 = fillOscillator(osc, n, p1, step1, square, 1, false);
    if (patch.sub != 0) ps = fillOscillator(osc, n, ps, subStep, true, patch.sub, true);
    const filter = this.filter;
    const a1 = filter.a1;
    const a2 = filter.a2;
    const a3 = filter.a3;
    let ic1 = filter.ic1;
    let ic2 = filter.ic2;
    if (patch.detune == 0) {
      for (let i = 0; i < n; i++) {
        const at = (<usize>i) << 2;
        // The state-variable low pass (svf.ts), inline.
        const v3 = load<f32>(osc + at) - ic2;
        const v1 = a1 * ic1 + a2 * v3;
        const v2 = ic2 + a2 * ic1 + a3 * v3;
        ic1 = 2 * v1 - ic1;
        ic2 = 2 * v2 - ic2;
        const y = v2 * <f32>level;
        level = level * mul + add;
        addPanned(left, right, at, y, gainL, gainR);
      }
    } else {
      // Two detuned oscillators spread across the stereo field, each through its own copy of the
      // filter: the left side hears the first, the right the second (with the sub in both).
      const osc2 = OSCILLATOR_SCRATCH_2;
      p2 = fillOscillator(osc2, n, p2, step2, square, 1, false);
      if (patch.sub != 0) fillOscillator(osc2, n, this.phaseSub, subStep, true, patch.sub, true);
      const second = this.filter2;
      let jc1 = second.ic1;
      let jc2 = second.ic2;
      const spreadL = gainL * SPREAD_GAIN;
      const spreadR = gainR * SPREAD_GAIN;
      for (let i = 0; i < n; i++) {
        const at = (<usize>i) << 2;
        const v3 = load<f32>(osc + at) - ic2;
        const v1 = a1 * ic1 + a2 * v3;
        const v2 = ic2 + a2 * ic1 + a3 * v3;
        ic1 = 2 * v1 - ic1;
        ic2 = 2 * v2 - ic2;
        const w3 = load<f32>(osc2 + at) - jc2;
        const w1 = a1 * jc1 + a2 * w3;
        const w2 = jc2 + a2 * jc1 + a3 * w3;
        jc1 = 2 * w1 - jc1;
        jc2 = 2 * w2 - jc2;
        const l = <f32>level;
        level = level * mul + add;
        store<f32>(left + at, load<f32>(left + at) + v2 * l * spreadL);
        store<f32>(right + at, load<f32>(right + at) + w2 * l * spreadR);
      }
      second.ic1 = jc1;
      second.ic2 = jc2;
    }
    filter.ic1 = ic1;
    filter.ic2 = ic2;
    this.phase1 = p1;
    this.phase2 = p2;
    this.phaseSub = ps;
    envelope.level = level;
  }

  /** Two or three operators; four frames at a time in f32x4, the tail frame by frame. */
  private renderFm(left: usize, right: usize, n: i32): void {
    const envelope = this.envelope;
    let level = envelope.level;
    const mul = envelope.mul;
    const add = envelope.add;
    const m4 = envelope.m4;
    const a4 = envelope.a4;
    const gainL = this.gainL;
    const gainR = this.gainR;
    const step = this.step1;
    const modStep = step * this.patch.modRatio;
    const tineStep = step * this.patch.tineRatio;
    const modIndex = this.modIndex;
    const tineIndex = this.tineIndex;
    let carrier = this.phase1;
    let modulator = this.modPhase;
    let tine = this.tinePhase;
    const hasTine = tineIndex > 1e-5;
    const lanes = f32x4(0, 1, 2, 3);
    const carrierLanes = f32x4.mul(lanes, f32x4.splat(<f32>step));
    const modLanes = f32x4.mul(lanes, f32x4.splat(<f32>modStep));
    const tineLanes = f32x4.mul(lanes, f32x4.splat(<f32>tineStep));
    const vModIndex = f32x4.splat(modIndex);
    const vTineIndex = f32x4.splat(tineIndex);
    const vGainL = f32x4.splat(gainL);
    const vGainR = f32x4.splat(gainR);
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      let m = f32x4.mul(vModIndex, sinCycles4(f32x4.add(f32x4.splat(<f32>modulator), modLanes)));
      if (hasTine)
        m = f32x4.add(m, f32x4.mul(vTineIndex, sinCycles4(f32x4.add(f32x4.splat(<f32>tine), tineLanes))));
      const env = envelope.next4(level);
      level = level * m4 + a4;
      const y = f32x4.mul(sinCycles4(f32x4.add(f32x4.add(f32x4.splat(<f32>carrier), carrierLanes), m)), env);
      carrier = wrap(carrier + 4 * step);
      modulator = wrap(modulator + 4 * modStep);
      tine = wrap(tine + 4 * tineStep);
      const at = (<usize>i) << 2;
      Panned4.add(left, right, at, y, vGainL, vGainR);
    }
    for (; i < n; i++) {
      let m = modIndex * sinCycles(<f32>modulator);
      if (hasTine) m += tineIndex * sinCycles(<f32>tine);
      const y = sinCycles(<f32>carrier + m) * <f32>level;
      carrier = wrap(carrier + step);
      modulator = wrap(modulator + modStep);
      tine = wrap(tine + tineStep);
      level = level * mul + add;
      const at = (<usize>i) << 2;
      addPanned(left, right, at, y, gainL, gainR);
    }
    this.phase1 = carrier;
    this.modPhase = modulator;
    this.tinePhase = tine;
    envelope.level = level;
  }

  private renderString(left: usize, right: usize, n: i32): void {
    const envelope = this.envelope;
    let level = envelope.level;
    const mul = envelope.mul;
    const add = envelope.add;
    const gainL = this.gainL;
    const gainR = this.gainR;
    const samples = STRING_SCRATCH;
    this.string.fill(samples, n);
    for (let i = 0; i < n; i++) {
      const y = load<f32>(samples + ((<usize>i) << 2)) * <f32>level;
      level = level * mul + add;
      const at = (<usize>i) << 2;
      addPanned(left, right, at, y, gainL, gainR);
    }
    envelope.level = level;
  }

  /**
   * Drawbars as harmonics of the sub-octave, by the recurrence sin((k+1)x) = 2 cos(x) sin(kx) -
   * sin((k-1)x); four frames at a time in f32x4, the tail frame by frame.
   */
  private renderOrgan(left: usize, right: usize, n: i32): void {
    const patch = this.patch;
    const envelope = this.envelope;
    let level = envelope.level;
    const mul = envelope.mul;
    const add = envelope.add;
    const m4 = envelope.m4;
    const a4 = envelope.a4;
    const step = this.step1 * 0.5;
    const phaseLanes = f32x4.mul(f32x4(0, 1, 2, 3), f32x4.splat(<f32>step));
    const vGainL = f32x4.splat(this.gainL);
    const vGainR = f32x4.splat(this.gainR);
    let phase = this.phase1;
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      const p = f32x4.add(f32x4.splat(<f32>phase), phaseLanes);
      const env = envelope.next4(level);
      level = level * m4 + a4;
      const y = f32x4.mul(drawbars4(p, patch), env);
      phase = wrap(phase + 4 * step);
      const at = (<usize>i) << 2;
      Panned4.add(left, right, at, y, vGainL, vGainR);
    }
    for (; i < n; i++) {
      const y = f32x4.extract_lane(drawbars4(f32x4.splat(<f32>phase), patch), 0) * <f32>level;
      phase = wrap(phase + step);
      level = level * mul + add;
      const at = (<usize>i) << 2;
      addPanned(left, right, at, y, this.gainL, this.gainR);
    }
    this.phase1 = phase;
    envelope.level = level;
  }
}

/** A phase in cycles brought back into [0, 1). */
function wrap(phase: f64): f64 {
  return phase - Math.floor(phase);
}

/** The organ's drawbar mix at four phases of the sub-octave. */
function drawbars4(p: v128, patch: Patch): v128 {
  const s1 = sinCycles4(p);
  const c2 = f32x4.mul(f32x4.splat(2), sinCycles4(f32x4.add(p, f32x4.splat(0.25))));
  const s2 = f32x4.mul(c2, s1);
  const s3 = f32x4.sub(f32x4.mul(c2, s2), s1);
  const s4 = f32x4.sub(f32x4.mul(c2, s3), s2);
  const s5 = f32x4.sub(f32x4.mul(c2, s4), s3);
  const s6 = f32x4.sub(f32x4.mul(c2, s5), s4);
  const s7 = f32x4.sub(f32x4.mul(c2, s6), s5);
  const s8 = f32x4.sub(f32x4.mul(c2, s7), s6);
  let x = f32x4.mul(s1, f32x4.splat(patch.bar16));
  x = f32x4.add(x, f32x4.mul(s2, f32x4.splat(patch.bar8)));
  x = f32x4.add(x, f32x4.mul(s3, f32x4.splat(patch.bar513)));
  x = f32x4.add(x, f32x4.mul(s4, f32x4.splat(patch.bar4)));
  x = f32x4.add(x, f32x4.mul(s6, f32x4.splat(patch.bar223)));
  return f32x4.add(x, f32x4.mul(s8, f32x4.splat(patch.bar2)));
}

/** sinCycles (fast-sine.ts) on four phases at once, lane for lane the same arithmetic. */
function sinCycles4(p: v128): v128 {
  let x = f32x4.sub(p, f32x4.floor(f32x4.add(p, f32x4.splat(0.5))));
  const high = f32x4.gt(x, f32x4.splat(0.25));
  const low = f32x4.lt(x, f32x4.splat(-0.25));
  x = v128.bitselect(f32x4.sub(f32x4.splat(0.5), x), x, high);
  x = v128.bitselect(f32x4.sub(f32x4.splat(-0.5), x), x, low);
  const t = f32x4.mul(x, f32x4.splat(TWO_PI));
  const t2 = f32x4.mul(t, t);
  let poly = f32x4.add(f32x4.splat(<f32>(-1.0 / 5040.0)), f32x4.mul(t2, f32x4.splat(<f32>(1.0 / 362880.0))));
  poly = f32x4.add(f32x4.splat(<f32>(1.0 / 120.0)), f32x4.mul(t2, poly));
  poly = f32x4.add(f32x4.splat(<f32>(-1.0 / 6.0)), f32x4.mul(t2, poly));
  poly = f32x4.add(f32x4.splat(1), f32x4.mul(t2, poly));
  return f32x4.mul(t, poly);
}

/** The sine bass: a sine with a touch of second harmonic, so it carries on small speakers. */
function sineBass4(p: v128): v128 {
  return f32x4.add(sinCycles4(p), f32x4.mul(f32x4.splat(0.12), sinCycles4(f32x4.add(p, p))));
}

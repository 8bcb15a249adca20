// One sounding zone of a sampled note: the sample played at the note's pitch (linear
// interpolation, looped as the zone says), through the zone's low-pass filter (swept by the
// modulation envelope, its coefficients updated every CHUNK frames) and its volume
// envelope (delay, linear attack, hold, decay and release falling in decibels, as the SoundFont
// spec has them), panned into a stereo pair. Pure arithmetic on the sample's Float32Array: the same
// note renders to the same samples wherever the blocks around it end.

import { sweepLevel, type VoiceSetup } from "./modulators.ts";

const DELAY = 0;
const ATTACK = 1;
const HOLD = 2;
const DECAY = 3;
const SUSTAIN = 4;
const RELEASE = 5;
const DONE = 6;
/** Where the envelope counts as silent: 80 dB down (a voice's tail under the mix's noise floor). */
const SILENT = 1e-4;
/** How fast a choked or stolen voice fades (seconds for 100 dB). */
const CHOKE_SECONDS = 0.02;
/** Filters with a cutoff this close to Nyquist (or above 19 kHz) are left out. */
const MAX_CUTOFF_RATIO = 0.45;
/** Frames the envelope ramps linearly over and the swept filter's coefficients hold (0.7 ms at 48 kHz). */
const CHUNK = 32;
/** The SoundFont's filter range in absolute cents: about 20 Hz to 20 kHz. */
const MIN_CUTOFF_CENTS = 1500;
const MAX_CUTOFF_CENTS = 13500;

const centsToHz = (cents: number) => 440 * 2 ** ((cents - 6900) / 1200);

/** 100 dB over `seconds` at `rate`, as a per-frame gain. */
const fallPerFrame = (seconds: number, rate: number) => (seconds <= 0 ? 0 : 10 ** (-5 / (seconds * rate)));

export class SampleVoice {
  private stage = DELAY;
  private level = 0;
  private counter: number;
  private position: number;
  private readonly step: number;
  private readonly attackStep: number;
  private readonly decayFall: number;
  private releaseFall: number;
  private readonly holdFrames: number;
  private readonly gainL: number;
  private readonly gainR: number;
  private framesToRelease: number;
  private readonly filtered: boolean;
  private readonly swept: boolean;
  private readonly maxCutoff: number;
  /** Frames since the note started, and the frame it was let go (-1 before). */
  private age = 0;
  private releasedAt = -1;
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(
    private readonly data: Float32Array,
    private readonly setup: VoiceSetup,
    private readonly rate: number,
    /** Semitones the part adds (a note between keys). */
    detune: number,
    gain: number,
    partPan: number,
    /** Frames until the note lets go (its release starts). */
    lengthFrames: number,
    /** Which instrument of the stem plays it, for mono hand-over and exclusive classes. */
    readonly instrument: number,
    /** Start order: the oldest voice is stolen first. */
    readonly order: number,
  ) {
    this.position = setup.start;
    this.step = (setup.sampleRate / rate) * 2 ** ((setup.semitones + detune) / 12);
    this.counter = Math.round(setup.delay * rate);
    this.attackStep = setup.attack > 0 ? 1 / (setup.attack * rate) : 1;
    this.holdFrames = Math.round(setup.hold * rate);
    this.decayFall = fallPerFrame(setup.decay, rate);
    this.releaseFall = fallPerFrame(setup.release, rate);
    this.framesToRelease = Math.max(1, Math.round(lengthFrames));
    const pan = Math.min(1, Math.max(-1, setup.pan + partPan));
    const angle = ((pan + 1) * Math.PI) / 4;
    const level = gain * setup.gain * Math.SQRT2;
    this.gainL = level * Math.cos(angle);
    this.gainR = level * Math.sin(angle);
    this.maxCutoff = Math.min(19000, MAX_CUTOFF_RATIO * rate);
    this.swept = setup.sweepCents !== 0;
    this.filtered = this.swept || centsToHz(setup.cutoffCents) < this.maxCutoff;
    if (this.filtered) this.setCutoff(0);
    if (this.counter === 0) this.stage = ATTACK;
  }

  /** The RBJ low-pass biquad at the zone's cutoff (moved by the sweep at `sweep`, 0..1) and resonance. */
  private setCutoff(sweep: number): void {
    const cents = Math.min(
      MAX_CUTOFF_CENTS,
      Math.max(MIN_CUTOFF_CENTS, this.setup.cutoffCents + this.setup.sweepCents * sweep),
    );
    const w = (2 * Math.PI * Math.min(this.maxCutoff, centsToHz(cents))) / this.rate;
    const alpha = Math.sin(w) / (2 * this.setup.q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  get done(): boolean {
    return this.stage === DONE;
  }

  get releasing(): boolean {
    return this.stage >= RELEASE;
  }

  get exclusiveClass(): number {
    return this.setup.exclusiveClass;
  }

  /** Lets the note go now (a mono part's next note, or the note's end). */
  release(): void {
    if (this.releasedAt < 0) this.releasedAt = this.age;
    if (this.stage < RELEASE) this.stage = this.releaseFall > 0 ? RELEASE : DONE;
  }

  /** Fades out at once (an exclusive class cut, or a stolen voice). */
  choke(rate: number): void {
    this.releaseFall = Math.min(this.releaseFall || 1, fallPerFrame(CHOKE_SECONDS, rate));
    if (this.stage < DONE) this.stage = RELEASE;
  }

  /** Adds `frames` frames into left and right from `offset`. */
  render(left: Float32Array, right: Float32Array, offset: number, frames: number): void {
    const end = offset + frames;
    for (let i = offset; i < end && this.stage !== DONE; ) {
      // Chunks follow the voice's own age (never the block's edges), end where the note lets go
      // or the delay ends, and hold one filter setting and one envelope ramp each.
      let n = Math.min(end - i, CHUNK - (this.age % CHUNK));
      if (this.framesToRelease > 0) n = Math.min(n, this.framesToRelease);
      if (this.stage === DELAY) n = Math.min(n, this.counter);
      if (this.swept && this.age % CHUNK === 0) {
        const released = this.releasedAt < 0 ? null : this.releasedAt / this.rate;
        this.setCutoff(sweepLevel(this.setup.sweep, this.age / this.rate, released));
      }
      const from = this.level;
      const sounding = this.stage !== DELAY;
      this.advanceEnvelope(n);
      if (sounding) this.play(left, right, i, n, from, (this.level - from) / n);
      this.age += n;
      i += n;
      if (this.framesToRelease > 0) {
        this.framesToRelease -= n;
        if (this.framesToRelease === 0) this.release();
      }
    }
  }

  /** n frames of the sample into left and right from `at`, the gain ramping from `gain` by `slope` a frame. */
  private play(
    left: Float32Array,
    right: Float32Array,
    at: number,
    n: number,
    gain: number,
    slope: number,
  ): void {
    const { data, setup, step, gainL, gainR, b0, b1, b2, a1, a2 } = this;
    const wraps = setup.loopMode === 1 || (setup.loopMode === 3 && this.stage < RELEASE);
    const loopEnd = setup.loopEnd;
    const loopLength = loopEnd - setup.loopStart;
    const sampleEnd = setup.end;
    let { position, x1, x2, y1, y2 } = this;
    let g = gain;
    for (let i = at, end = at + n; i < end; i++) {
      const index = position | 0;
      const s0 = data[index];
      const x = s0 + (data[index + 1] - s0) * (position - index);
      let y = x;
      if (this.filtered) {
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
      }
      const out = y * g;
      left[i] += out * gainL;
      right[i] += out * gainR;
      g += slope;
      position += step;
      if (position >= loopEnd && wraps) position -= loopLength;
      else if (position >= sampleEnd) {
        this.stage = DONE;
        break;
      }
    }
    this.position = position;
    this.x1 = x1;
    this.x2 = x2;
    this.y1 = y1;
    this.y2 = y2;
  }

  /** The envelope n frames on (stage changes fall on chunk ends). */
  private advanceEnvelope(n: number): void {
    switch (this.stage) {
      case DELAY:
        this.counter -= n;
        if (this.counter <= 0) this.stage = ATTACK;
        return;
      case ATTACK:
        this.level += this.attackStep * n;
        if (this.level >= 1) {
          this.level = 1;
          this.stage = HOLD;
          this.counter = this.holdFrames;
        }
        return;
      case HOLD:
        this.counter -= n;
        if (this.counter <= 0) this.stage = DECAY;
        return;
      case DECAY:
        this.level *= this.decayFall ** n;
        if (this.level <= this.setup.sustain) {
          this.level = this.setup.sustain;
          this.stage = SUSTAIN;
        }
        if (this.level < SILENT) this.stage = DONE;
        return;
      case RELEASE:
        this.level *= this.releaseFall ** n;
        if (this.level < SILENT) this.stage = DONE;
        return;
      default:
        return;
    }
  }
}

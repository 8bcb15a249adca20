import { DrumSound, drumSound } from "./drum-kits";
import { sinCycles } from "./fast-sine";
import { Noise } from "./noise";
import { advancePhase } from "./oscillator";
import { SVF_BAND_PASS, SVF_LOW_PASS, Svf } from "./svf";

// One drum hit, synthesized from its kit's DrumSound (see drum-kits.ts), mono, at unit gain: the
// stem renders each sound a few times (with different noise) before the song, and its players mix
// those hits in at their velocity and pan (drum-players.ts).

/** A decay is over once down by this many time constants (e^-6.9 = -60 dB). */
const TIME_CONSTANTS: f64 = 6.91;
const CLICK_SECONDS: f64 = 0.0006;
/** The TR-808 cymbal's six square-wave frequencies, relative to the lowest (205.3 Hz on the original). */
const METAL_RATIOS: StaticArray<f64> = [1.0, 1.4827, 1.8003, 2.5461, 2.6303, 3.8967];

@unmanaged
export class DrumSynth {
  private sound: DrumSound = drumSound(0, 0);
  private readonly filter: Svf = new Svf();
  private readonly noise: Noise = new Noise(1);
  private readonly metal: usize = heap.alloc(6 << 3);
  private readonly metalSteps: usize = heap.alloc(6 << 3);
  private sampleRate: f64 = 48000;
  private age: i32 = 0;
  /** Frames until every part of the hit is 60 dB down. */
  lifetime: i32 = 0;
  private phase: f64 = 0;
  private phase2: f64 = 0;
  private sweep: f64 = 0;
  private sweepMul: f64 = 1;
  private toneAmp: f32 = 0;
  private toneMul: f32 = 0;
  private noiseAmp: f32 = 0;
  private noiseMul: f32 = 0;
  private burstMul: f32 = 0;
  private burstsLeft: i32 = 0;
  private burstTimer: i32 = 0;
  private burstFrames: i32 = 0;
  private attackFrames: i32 = 0;
  private metalAmp: f32 = 0;
  private metalMul: f32 = 0;
  private clickAmp: f32 = 0;
  private clickMul: f32 = 0;

  destroy(): void {
    heap.free(this.metal);
    heap.free(this.metalSteps);
    heap.free(changetype<usize>(this.filter));
    heap.free(changetype<usize>(this.noise));
    heap.free(changetype<usize>(this));
  }

  /** Starts a hit of `drum` from `kit` at unit gain, its noise seeded by `seed`. */
  start(kit: i32, drum: i32, sampleRate: f64, seed: u32): void {
    const s = drumSound(kit, drum);
    this.sound = s;
    this.sampleRate = sampleRate;
    this.age = 0;
    this.noise.seed(seed);

    this.phase = 0;
    this.phase2 = 0;
    this.sweep = s.toneStart - s.toneEnd;
    this.sweepMul = decayStep(s.toneSweep, sampleRate);
    this.toneAmp = s.toneLevel;
    this.toneMul = <f32>decayStep(s.toneDecay, sampleRate);
    this.burstsLeft = s.bursts - 1;
    this.burstFrames = <i32>Math.round(s.burstSpacing * sampleRate);
    this.burstTimer = this.burstFrames;
    this.burstMul = <f32>decayStep(s.burstDecay, sampleRate);
    this.noiseMul = <f32>decayStep(s.noiseDecay, sampleRate);
    this.noiseAmp = s.noiseLevel;
    this.attackFrames = <i32>Math.round(s.noiseAttack * sampleRate);
    this.metalAmp = s.metalLevel;
    this.metalMul = <f32>decayStep(s.metalDecay, sampleRate);
    this.clickAmp = s.clickLevel;
    this.clickMul = <f32>decayStep(CLICK_SECONDS, sampleRate);
    for (let k = 0; k < 6; k++) {
      store<f64>(this.metal + ((<usize>k) << 3), 0);
      store<f64>(
        this.metalSteps + ((<usize>k) << 3),
        (s.metalBase * unchecked(METAL_RATIOS[k])) / sampleRate,
      );
    }
    this.filter.reset();
    this.filter.set(sampleRate, s.filterHz, s.filterQ);

    let longest: f64 = CLICK_SECONDS;
    if (s.toneLevel > 0) longest = max(longest, s.toneDecay);
    if (s.noiseLevel > 0) longest = max(longest, s.noiseDecay + s.noiseAttack);
    if (s.metalLevel > 0) longest = max(longest, s.metalDecay);
    const bursts = <f64>(s.bursts - 1) * s.burstSpacing;
    this.lifetime = <i32>Math.ceil((longest * TIME_CONSTANTS + bursts) * sampleRate);
  }

  /** Writes the hit's next `frames` (at most lifetime) f32 samples to out. */
  render(out: usize, frames: i32): void {
    const s = this.sound;
    const n = min(frames, this.lifetime - this.age);
    memory.fill(out, 0, (<usize>max(0, n)) << 2);
    if (this.toneAmp > 0) this.renderTone(out, n);
    if (this.noiseAmp > 0 || this.metalAmp > 0 || this.burstsLeft > 0) this.renderNoise(out, n, s);
    if (this.clickAmp > 1e-5) this.renderClick(out, n);
    this.age += n;
  }

  /** The swept sine and its partial, through the drive. */
  private renderTone(out: usize, n: i32): void {
    const s = this.sound;
    const invRate = 1.0 / this.sampleRate;
    const toneEnd = s.toneEnd;
    const ratio2 = s.tone2Ratio;
    const tone2Level = s.tone2Level;
    const hasPartial = tone2Level != 0;
    const drive = s.drive;
    const driveNorm: f32 = drive > 1 ? 1.0 / softClip(drive) : 1;
    const sweepMul = this.sweepMul;
    const toneMul = this.toneMul;
    let sweep = this.sweep;
    let phase = this.phase;
    let phase2 = this.phase2;
    let amp = this.toneAmp;
    for (let i = 0; i < n; i++) {
      const step = (toneEnd + sweep) * invRate;
      sweep *= sweepMul;
      phase += step;
      if (phase >= 1.0) phase -= 1.0;
      let y = sinCycles(<f32>phase);
      if (hasPartial) {
        phase2 += step * ratio2;
        if (phase2 >= 1.0) phase2 -= Math.floor(phase2);
        y += tone2Level * sinCycles(<f32>phase2);
      }
      y *= amp;
      amp *= toneMul;
      if (drive > 1) y = softClip(y * drive) * driveNorm;
      const at = (<usize>i) << 2;
      store<f32>(out + at, load<f32>(out + at) + y);
    }
    this.sweep = sweep;
    this.phase = phase;
    this.phase2 = phase2;
    this.toneAmp = amp < 1e-6 ? 0 : amp;
  }

  /** Noise (in bursts) and the metallic squares, through the filter. */
  private renderNoise(out: usize, n: i32, s: DrumSound): void {
    const mode = s.filterMode;
    const filter = this.filter;
    const a1 = filter.a1;
    const a2 = filter.a2;
    const a3 = filter.a3;
    const k = filter.k;
    let ic1 = filter.ic1;
    let ic2 = filter.ic2;
    const noise = this.noise;
    let state = noise.state;
    let noiseAmp = this.noiseAmp;
    const noiseMul = this.noiseMul;
    const burstMul = this.burstMul;
    let burstsLeft = this.burstsLeft;
    let burstTimer = this.burstTimer;
    let metalAmp = this.metalAmp;
    const metalMul = this.metalMul;
    const hasMetal = metalAmp > 0;
    const steps = this.metalSteps;
    const metal = this.metal;
    const s0 = load<f64>(steps);
    const s1 = load<f64>(steps, 8);
    const s2 = load<f64>(steps, 16);
    const s3 = load<f64>(steps, 24);
    const s4 = load<f64>(steps, 32);
    const s5 = load<f64>(steps, 40);
    let m0 = load<f64>(metal);
    let m1 = load<f64>(metal, 8);
    let m2 = load<f64>(metal, 16);
    let m3 = load<f64>(metal, 24);
    let m4 = load<f64>(metal, 32);
    let m5 = load<f64>(metal, 40);
    const attackFrames = this.attackFrames;
    const age = this.age;
    for (let i = 0; i < n; i++) {
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      let x = <f32>(<i32>state) * (1.0 / 2147483648.0) * noiseAmp;
      if (age + i < attackFrames) x *= <f32>(age + i) / <f32>attackFrames;
      if (burstsLeft > 0) {
        noiseAmp *= burstMul;
        if (--burstTimer == 0) {
          noiseAmp = s.noiseLevel;
          burstTimer = this.burstFrames;
          burstsLeft--;
        }
      } else {
        noiseAmp *= noiseMul;
      }
      if (hasMetal) {
        m0 = advancePhase(m0, s0);
        m1 = advancePhase(m1, s1);
        m2 = advancePhase(m2, s2);
        m3 = advancePhase(m3, s3);
        m4 = advancePhase(m4, s4);
        m5 = advancePhase(m5, s5);
        const square =
          <f32>(m0 < 0.5 ? 1 : -1) +
          <f32>(m1 < 0.5 ? 1 : -1) +
          <f32>(m2 < 0.5 ? 1 : -1) +
          <f32>(m3 < 0.5 ? 1 : -1) +
          <f32>(m4 < 0.5 ? 1 : -1) +
          <f32>(m5 < 0.5 ? 1 : -1);
        x += square * metalAmp * (1.0 / 6.0);
        metalAmp *= metalMul;
      }
      // The state-variable filter (svf.ts), inline.
      const v3 = x - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      const y = mode == SVF_LOW_PASS ? v2 : mode == SVF_BAND_PASS ? v1 : x - k * v1 - v2;
      const at = (<usize>i) << 2;
      store<f32>(out + at, load<f32>(out + at) + y);
    }
    noise.state = state;
    filter.ic1 = ic1;
    filter.ic2 = ic2;
    filter.clean();
    store<f64>(metal, m0);
    store<f64>(metal, m1, 8);
    store<f64>(metal, m2, 16);
    store<f64>(metal, m3, 24);
    store<f64>(metal, m4, 32);
    store<f64>(metal, m5, 40);
    this.noiseAmp = noiseAmp < 1e-6 && burstsLeft == 0 ? 0 : noiseAmp;
    this.burstsLeft = burstsLeft;
    this.burstTimer = burstTimer;
    this.metalAmp = metalAmp < 1e-6 ? 0 : metalAmp;
  }

  /** The beater's tick: a fraction of a millisecond of noise. */
  private renderClick(out: usize, n: i32): void {
    const mul = this.clickMul;
    let amp = this.clickAmp;
    for (let i = 0; i < n; i++) {
      const y = this.noise.next() * amp;
      amp *= mul;
      const at = (<usize>i) << 2;
      store<f32>(out + at, load<f32>(out + at) + y);
    }
    this.clickAmp = amp;
  }
}

/** The per-sample multiplier of a decay with this time constant. */
function decayStep(seconds: f64, sampleRate: f64): f64 {
  return Math.exp(-1.0 / (max(seconds, 1e-5) * sampleRate));
}

/** tanh's Pade approximant, clamped where it stops rising: smooth saturation without Math.tanh. */
function softClip(x: f32): f32 {
  const c = min<f32>(3, max<f32>(-3, x));
  const c2 = c * c;
  return (c * (27 + c2)) / (27 + 9 * c2);
}

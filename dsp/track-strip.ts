import { QUANTUM_FRAMES } from "./abi";
import { LevelMeter } from "./level-meter";
import { TrackEq } from "./track-eq";

/**
 * A track's channel strip after its clips: fader, balance, mute and solo.
 * Balance follows Web Audio's StereoPannerNode (equal power, unity at the
 * centre for a stereo signal), written as a 2x2 matrix so that every change
 * ramps linearly over one quantum instead of stepping.
 */
export class TrackStrip {
  active: bool = false;
  amplitude: f64 = 1;
  balance: f64 = 0;
  mute: bool = false;
  solo: bool = false;
  readonly eq: TrackEq;
  /** Measures the track after its fader and balance: what it adds to the mix. */
  readonly meter: LevelMeter;
  readonly left: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  readonly right: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  // Matrix heard at the end of the last quantum: left->left, right->left, left->right, right->right.
  private ll: f64 = 0;
  private rl: f64 = 0;
  private lr: f64 = 0;
  private rr: f64 = 0;
  private primed: bool = false;

  constructor(sampleRate: f64) {
    this.eq = new TrackEq(sampleRate);
    this.meter = new LevelMeter(sampleRate);
  }

  /** A slot taken by a new track starts from silence, not from its last owner's filter memory and gains. */
  activate(): void {
    if (this.active) return;
    this.active = true;
    this.primed = false;
    this.eq.reset();
    this.meter.reset();
  }

  leftPtr(): usize {
    return changetype<usize>(this.left);
  }

  rightPtr(): usize {
    return changetype<usize>(this.right);
  }

  clear(): void {
    memory.fill(this.leftPtr(), 0, (<usize>QUANTUM_FRAMES) << 2);
    memory.fill(this.rightPtr(), 0, (<usize>QUANTUM_FRAMES) << 2);
  }

  /** Applies EQ, fader and balance in place and adds the result to the bus. */
  mixInto(busLeft: usize, busRight: usize, audible: bool): void {
    this.eq.process(this.leftPtr(), this.rightPtr(), QUANTUM_FRAMES);
    const gain = audible ? this.amplitude : 0.0;
    const pan = this.balance;
    let ll: f64, rl: f64, lr: f64, rr: f64;
    if (pan <= 0.0) {
      const x = (pan + 1.0) * (Math.PI / 2.0);
      ll = gain;
      rl = gain * Math.cos(x);
      lr = 0.0;
      rr = gain * Math.sin(x);
    } else {
      const x = pan * (Math.PI / 2.0);
      ll = gain * Math.cos(x);
      rl = 0.0;
      lr = gain * Math.sin(x);
      rr = gain;
    }
    if (!this.primed) {
      this.ll = ll;
      this.rl = rl;
      this.lr = lr;
      this.rr = rr;
      this.primed = true;
    }
    if (ll == this.ll && rl == this.rl && lr == this.lr && rr == this.rr) {
      this.mixSteady(busLeft, busRight);
      return;
    }
    const scale = 1.0 / <f64>QUANTUM_FRAMES;
    const dll = (ll - this.ll) * scale;
    const drl = (rl - this.rl) * scale;
    const dlr = (lr - this.lr) * scale;
    const drr = (rr - this.rr) * scale;
    const inL = this.leftPtr();
    const inR = this.rightPtr();
    for (let i = 0; i < QUANTUM_FRAMES; i++) {
      const k = <f64>(i + 1);
      const at = (<usize>i) << 2;
      const l = <f64>load<f32>(inL + at);
      const r = <f64>load<f32>(inR + at);
      const outL = <f32>(l * (this.ll + dll * k) + r * (this.rl + drl * k));
      const outR = <f32>(l * (this.lr + dlr * k) + r * (this.rr + drr * k));
      store<f32>(inL + at, outL);
      store<f32>(inR + at, outR);
      store<f32>(busLeft + at, load<f32>(busLeft + at) + outL);
      store<f32>(busRight + at, load<f32>(busRight + at) + outR);
    }
    this.ll = ll;
    this.rl = rl;
    this.lr = lr;
    this.rr = rr;
  }

  /** The common case, nothing moving: four frames at a time. */
  private mixSteady(busLeft: usize, busRight: usize): void {
    const ll = f32x4.splat(<f32>this.ll);
    const rl = f32x4.splat(<f32>this.rl);
    const lr = f32x4.splat(<f32>this.lr);
    const rr = f32x4.splat(<f32>this.rr);
    const inL = this.leftPtr();
    const inR = this.rightPtr();
    for (let i = 0; i < QUANTUM_FRAMES; i += 4) {
      const at = (<usize>i) << 2;
      const l = v128.load(inL + at);
      const r = v128.load(inR + at);
      const outL = f32x4.add(f32x4.mul(l, ll), f32x4.mul(r, rl));
      const outR = f32x4.add(f32x4.mul(l, lr), f32x4.mul(r, rr));
      v128.store(inL + at, outL);
      v128.store(inR + at, outR);
      v128.store(busLeft + at, f32x4.add(v128.load(busLeft + at), outL));
      v128.store(busRight + at, f32x4.add(v128.load(busRight + at), outR));
    }
  }
}

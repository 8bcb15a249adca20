import { QUANTUM_FRAMES } from "./abi";

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
  readonly left: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  readonly right: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  // Matrix heard at the end of the last quantum: left->left, right->left, left->right, right->right.
  private ll: f64 = 0;
  private rl: f64 = 0;
  private lr: f64 = 0;
  private rr: f64 = 0;
  private primed: bool = false;

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

  /** Applies fader and balance in place and adds the result to the bus. */
  mixInto(busLeft: usize, busRight: usize, audible: bool): void {
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
}

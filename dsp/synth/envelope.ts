// ADSR amplitude envelope, sample-exact: every stage is the affine step level = level * mul + add,
// run in f64 so thousands of steps add no audible rounding. With A, D, R in frames, S a level and
// the gate closing at frame G:
//   attack   level(n) = n / A                                   for 0 <= n <= A (linear, reaches 1 at A)
//   decay    level(A + m) = S + (1 - S) * 10^(-3 m / D)         (60 dB of the way to S in D frames)
//   release  level(G + m) = level(G) * 10^(-3 m / R)            (60 dB down in R frames), then 0
// A gate closing during the attack or decay releases from the level reached.

// The decay has no end of its own: it approaches the sustain level until the gate closes.
export const STAGE_ATTACK: i32 = 0;
export const STAGE_DECAY: i32 = 1;
export const STAGE_RELEASE: i32 = 2;
export const STAGE_DONE: i32 = 3;

/** Frames a stage lasts when it has no end of its own (sustain): longer than any song. */
const FOREVER: i32 = 0x3fffffff;
const LN_1000: f64 = 6.907755278982137;

@unmanaged
export class Envelope {
  level: f64 = 0;
  mul: f64 = 1;
  add: f64 = 0;
  stage: i32 = STAGE_DONE;
  /** Frames left in the current stage. */
  left: i32 = 0;
  /** Frames until the gate closes (FOREVER once released or with no gate). */
  gateLeft: i32 = FOREVER;
  private attack: i32 = 0;
  private decayMul: f64 = 0;
  private sustain: f64 = 0;
  private releaseMul: f64 = 0;
  private release: i32 = 0;

  /** Times in frames (attack and release at least 1); the gate closes after gateFrames. */
  start(attack: i32, decay: i32, sustain: f64, release: i32, gateFrames: i32): void {
    this.attack = max(1, attack);
    this.decayMul = Math.exp(-LN_1000 / <f64>max(1, decay));
    this.sustain = sustain;
    this.release = max(1, release);
    this.releaseMul = Math.exp(-LN_1000 / <f64>this.release);
    this.gateLeft = max(1, gateFrames);
    this.level = 0;
    this.enter(STAGE_ATTACK);
  }

  /** Frames the current stage keeps its step for (never 0 while sounding). */
  @inline
  run(): i32 {
    return min(this.left, this.gateLeft);
  }

  /** After `frames` steps (frames <= run()): moves on to the next stage when one ends. */
  advance(frames: i32): void {
    this.left -= frames;
    if (this.gateLeft != FOREVER) this.gateLeft -= frames;
    if (this.gateLeft == 0) {
      this.gateLeft = FOREVER;
      this.enter(STAGE_RELEASE);
    } else if (this.left == 0) {
      if (this.stage == STAGE_ATTACK) {
        this.level = 1;
        this.enter(STAGE_DECAY);
      } else if (this.stage == STAGE_RELEASE) {
        this.level = 0;
        this.enter(STAGE_DONE);
      }
    }
  }

  /** Starts the release now, from the current level. */
  releaseNow(): void {
    if (this.stage < STAGE_RELEASE) {
      this.gateLeft = FOREVER;
      this.enter(STAGE_RELEASE);
    }
  }

  /**
   * After run() steps of the current stage: the levels k = 1, 2, 3, 4 steps on are level * m_k + a_k,
   * so four frames of levels cost no chain of dependent steps. m4 and a4 step four frames at once;
   * the pairs (1, m1), (0, a1), (m2, m3), (a2, a3) feed next4.
   */
  m4: f64 = 1;
  a4: f64 = 0;
  private m01: v128 = f64x2.splat(1);
  private a01: v128 = f64x2.splat(0);
  private m23: v128 = f64x2.splat(1);
  private a23: v128 = f64x2.splat(0);

  /** The next four levels from `level`: two f64x2 multiply-adds, in f32. */
  @inline next4(level: f64): v128 {
    const l = f64x2.splat(level);
    const low = f32x4.demote_f64x2_zero(f64x2.add(f64x2.mul(l, this.m01), this.a01));
    const high = f32x4.demote_f64x2_zero(f64x2.add(f64x2.mul(l, this.m23), this.a23));
    return v128.shuffle<f32>(low, high, 0, 1, 4, 5);
  }

  private enter(stage: i32): void {
    this.stage = stage;
    this.setStep(stage);
    const m = this.mul;
    const a = this.add;
    const m2 = m * m;
    const a2 = a * m + a;
    const m3 = m2 * m;
    const a3 = a2 * m + a;
    this.m4 = m3 * m;
    this.a4 = a3 * m + a;
    this.m01 = f64x2(1, m);
    this.a01 = f64x2(0, a);
    this.m23 = f64x2(m2, m3);
    this.a23 = f64x2(a2, a3);
  }

  private setStep(stage: i32): void {
    if (stage == STAGE_ATTACK) {
      this.mul = 1;
      this.add = 1.0 / <f64>this.attack;
      this.left = this.attack;
    } else if (stage == STAGE_DECAY) {
      this.mul = this.decayMul;
      this.add = this.sustain * (1 - this.decayMul);
      this.left = FOREVER;
    } else if (stage == STAGE_RELEASE) {
      this.mul = this.releaseMul;
      this.add = 0;
      this.left = this.release;
    } else {
      this.mul = 0;
      this.add = 0;
      this.left = FOREVER;
      this.gateLeft = FOREVER;
    }
  }
}

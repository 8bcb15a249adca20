// Sidechain ducking keyed by the score's kick hits (not by audio analysis, so a stem ducks the same
// whether or not the drums are rendered alongside): at each kick the gain dips to 1 - depth over a
// short attack, then recovers exponentially.

const ATTACK_SECONDS: f64 = 0.004;
const RECOVER_SECONDS: f64 = 0.09;

@unmanaged
export class Ducker {
  /** Sorted kick frames (i32), owned by the stem. */
  private readonly kicks: usize;
  private readonly count: i32;
  private readonly depth: f32;
  private readonly attackFrames: i32;
  private readonly recover: f32;
  private next: i32 = 0;
  /** Frames since the last kick (-1: none yet). */
  private since: i32 = -1;
  private dip: f32 = 0;

  constructor(sampleRate: f64, depth: f64, kicks: usize, count: i32) {
    this.kicks = kicks;
    this.count = count;
    this.depth = <f32>min(max(depth, 0.0), 0.95);
    this.attackFrames = max(1, <i32>Math.round(ATTACK_SECONDS * sampleRate));
    this.recover = <f32>Math.exp(-1.0 / (RECOVER_SECONDS * sampleRate));
  }

  /** Multiplies planar f32 left and right, frames starting at absolute frame `position`. */
  process(left: usize, right: usize, frames: i32, position: i32): void {
    const depth = this.depth;
    if (depth == 0) return;
    const attackFrames = this.attackFrames;
    const recover = this.recover;
    let next = this.next;
    let since = this.since;
    let dip = this.dip;
    let nextKick = next < this.count ? load<i32>(this.kicks + ((<usize>next) << 2)) : i32.MAX_VALUE;
    for (let i = 0; i < frames; i++) {
      const frame = position + i;
      while (frame >= nextKick) {
        since = 0;
        next++;
        nextKick = next < this.count ? load<i32>(this.kicks + ((<usize>next) << 2)) : i32.MAX_VALUE;
      }
      if (since >= 0) {
        // The dip ramps up from where it is (a kick during a recovery does not click).
        if (since < attackFrames) dip += (depth - dip) / <f32>(attackFrames - since);
        else dip *= recover;
        since++;
      }
      const gain: f32 = 1.0 - dip;
      const at = (<usize>i) << 2;
      store<f32>(left + at, load<f32>(left + at) * gain);
      store<f32>(right + at, load<f32>(right + at) * gain);
    }
    this.next = next;
    this.since = since;
    this.dip = dip < 1e-9 ? 0 : dip;
  }
}

/**
 * Clicks on the beats the host lays out through the tempo map (timeline frames
 * of beats 0, 1, 2, ...), the downbeat of each bar accented. A click is a sine
 * starting at zero phase under a (1 - t)^3 decay, so it neither starts nor ends
 * with a step.
 */
const CLICK_SECONDS: f64 = 0.03;
const DOWNBEAT_HZ: f64 = 1500.0;
const BEAT_HZ: f64 = 1000.0;
const BEAT_LEVEL: f64 = 0.6;

export class Metronome {
  enabled: bool = false;
  amplitude: f64 = 0.5;
  beatsPerBar: i32 = 4;
  /** f64 timeline frames of consecutive beats, owned by the host. */
  beats: usize = 0;
  count: i32 = 0;
  private readonly clickFrames: f64;

  constructor(private readonly sampleRate: f64) {
    this.clickFrames = CLICK_SECONDS * sampleRate;
  }

  private beatFrame(index: i32): f64 {
    return load<f64>(this.beats + ((<usize>index) << 3));
  }

  /** The first beat whose click may still sound at frame t. */
  private firstSounding(t: f64): i32 {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.beatFrame(mid) + this.clickFrames <= t) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Adds the clicks sounding in timeline frames [t0, t0 + frames) at `offset` of both buffers. */
  render(left: usize, right: usize, offset: i32, t0: f64, frames: i32): void {
    if (!this.enabled || this.count == 0) return;
    const end = t0 + <f64>frames;
    for (let beat = this.firstSounding(t0); beat < this.count; beat++) {
      const at = this.beatFrame(beat);
      if (at >= end) break;
      const accented = beat % this.beatsPerBar == 0;
      const hz = accented ? DOWNBEAT_HZ : BEAT_HZ;
      const level = this.amplitude * (accented ? 1.0 : BEAT_LEVEL);
      const from = Math.max(t0, Math.ceil(at));
      const to = Math.min(end, at + this.clickFrames);
      for (let t = from; t < to; t += 1.0) {
        const age = (t - at) / this.sampleRate;
        const decay = 1.0 - age / CLICK_SECONDS;
        const sample = <f32>(level * decay * decay * decay * Math.sin(2.0 * Math.PI * hz * age));
        const out = (<usize>(offset + <i32>(t - t0))) << 2;
        store<f32>(left + out, load<f32>(left + out) + sample);
        store<f32>(right + out, load<f32>(right + out) + sample);
      }
    }
  }
}

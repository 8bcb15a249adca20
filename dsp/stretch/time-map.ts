import { OnsetDetector } from "./transients";

// The stretcher's time map: which input time each output frame analyses. The
// caller's map points (output frame, input time) are joined linearly; past the
// last one the set stretch continues it.
//
// The transient lock on it. Stretching moves a frame's content by (stretch - 1)
// * (its offset from the centre); for an onset inside a long window that offset is ill-defined
// (the phase steps of a noise burst are random), and the onset smears over
// the window, before it too. So around each onset the frames take the input
// at speed 1: over the window's reach (fftSize / 2 of output either side) a
// frame at output o analyses input T + (o - O), with T the onset's input
// time and O where the map puts it. Those frames play the onset exactly as
// it was (a stretch of 1 needs no phase invention), at exactly O; the frames
// between onsets take up the difference, ramping back to the map over a
// window. Frames at speed 1 need no invented phases: where a bin's energy
// jumps, it restarts from the input's own phase. The onsets (a jump in the
// input's high-frequency energy) come from transients.ts.

/** Stretches beyond these (from 1) fade the lock out: its zones would overlap. */
const LOCK_FULL: f64 = 3.0;
const LOCK_NONE: f64 = 4.0;

@unmanaged
export class TimeMap {
  /** Output duration / input duration past the last map point (the stretcher clamps it). */
  stretch: f64 = 1.0;
  // The map's last two points: output frame, input time.
  private out0: f64 = 0;
  private in0: f64 = 0;
  private out1: f64 = 0;
  private in1: f64 = 0;

  constructor(
    private readonly fftSize: i32,
    /** The onsets the lock keeps in place, found ahead of the frames that need them. */
    private readonly onsets: OnsetDetector,
  ) {}

  /** Starts afresh: output frame 0 plays input time `inputTime`. */
  reset(inputTime: f64): void {
    this.out0 = 0;
    this.in0 = inputTime;
    this.out1 = 0;
    this.in1 = inputTime;
  }

  /** Adds the point: output frame `endOut` plays `inputTime` (NaN: continue at the set stretch); a point not past the last one is ignored. */
  extend(endOut: f64, inputTime: f64): void {
    if (!isFinite(inputTime)) inputTime = this.in1 + (endOut - this.out1) / this.stretch;
    if (endOut > this.out1) {
      this.out0 = this.out1;
      this.in0 = this.in1;
      this.out1 = endOut;
      this.in1 = inputTime;
    }
  }

  /** The input time the map plays at output time t (past its last point: at the set stretch). */
  inputTimeAt(t: f64): f64 {
    const span = this.out1 - this.out0;
    if (span <= 0.0) return this.in1 + (t - this.out1) / this.stretch;
    return this.in0 + ((t - this.out0) * (this.in1 - this.in0)) / span;
  }

  /** 1 where the map's stretch allows the lock, fading to 0 from LOCK_FULL to LOCK_NONE away from 1. */
  lockFactor(): f64 {
    const span = this.out1 - this.out0;
    const slope = span > 0.0 ? (this.in1 - this.in0) / span : 1.0 / this.stretch;
    if (!(slope > 0.0)) return 0.0;
    const distance = Math.abs(Math.log(slope));
    const full = Math.log(LOCK_FULL);
    const none = Math.log(LOCK_NONE);
    return distance <= full ? 1.0 : distance >= none ? 0.0 : (none - distance) / (none - full);
  }

  /** The most the lock can move a frame's input time. */
  lockMargin(): f64 {
    const span = this.out1 - this.out0;
    const slope = span > 0.0 ? Math.abs(this.in1 - this.in0) / span : 1.0 / this.stretch;
    return 0.5 * <f64>this.fftSize * Math.abs(1.0 - slope) * this.lockFactor() + 1.0;
  }

  /** Output time the map gives input time t (NaN if the map does not move forward). */
  private outputTimeAt(t: f64): f64 {
    const span = this.out1 - this.out0;
    const rise = this.in1 - this.in0;
    if (span > 0.0 && rise > 0.0) return this.out0 + ((t - this.in0) * span) / rise;
    return this.stretch > 0.0 ? this.out1 + (t - this.in1) * this.stretch : NaN;
  }

  /** The lock's correction to the input time of the frame at output time o. */
  lockOffset(o: f64): f64 {
    const factor = this.lockFactor();
    const count = this.onsets.count();
    if (factor == 0.0 || count == 0) return 0.0;
    let outA = -Infinity;
    let inA = 0.0;
    let outB = Infinity;
    let inB = 0.0;
    for (let i = 0; i < count; i++) {
      const onset = this.onsets.at(i);
      const at = this.outputTimeAt(onset);
      if (isNaN(at)) return 0.0;
      if (at <= o && at > outA) {
        outA = at;
        inA = onset;
      } else if (at > o && at < outB) {
        outB = at;
        inB = onset;
      }
    }
    const zone = 0.5 * <f64>this.fftSize;
    const ramp = <f64>this.fftSize;
    const halfGap = 0.5 * (outB - outA);
    const zoneA = Math.min(zone, halfGap);
    const zoneB = Math.min(zone, halfGap);
    const time = this.inputTimeAt(o);
    if (o - outA <= zoneA) return factor * (inA + (o - outA) - time);
    if (outB - o <= zoneB) return factor * (inB - (outB - o) - time);
    // Between two zones: from one zone's edge offset to the other's, through 0 when there is room.
    const edgeA = outA + zoneA;
    const edgeB = outB - zoneB;
    const offsetA = outA == -Infinity ? 0.0 : inA + zoneA - this.inputTimeAt(edgeA);
    const offsetB = outB == Infinity ? 0.0 : inB - zoneB - this.inputTimeAt(edgeB);
    const gap = edgeB - edgeA;
    if (gap > 2.0 * ramp) {
      const wa = outA == -Infinity ? 0.0 : Math.max(0.0, 1.0 - (o - edgeA) / ramp);
      const wb = outB == Infinity ? 0.0 : Math.max(0.0, 1.0 - (edgeB - o) / ramp);
      return factor * (offsetA * wa + offsetB * wb);
    }
    return factor * (offsetA + ((o - edgeA) / gap) * (offsetB - offsetA));
  }
}

// Port of dspbench's beats.py scoring: beat (and downbeat) F-measure at +-70 ms with one-to-one
// matching, beats before 5 s ignored (the mir_eval convention), and the median local tempo error.
// The ground truths are synth.py's truth.json (signals.ts truth()): "music" and "drums120" at 120 BPM,
// "ramp" from 100 to 140 BPM over 30 s.

import { median } from "./pycompat.ts";
import { truth } from "./signals.ts";

export const BEAT_WINDOW_S = 0.07;
export const BEAT_TRIM_S = 5.0;

/**
 * beats.fmeasure: each reference beat, in order, takes the nearest unused estimate if within `win`;
 * F = 2PR / (P + R). 0 when either list is empty after trimming or nothing matches.
 */
export function fmeasure(
  ref: readonly number[],
  est: readonly number[],
  win = BEAT_WINDOW_S,
  trim = BEAT_TRIM_S,
): number {
  const r = ref.filter((v) => v >= trim);
  const e = est.filter((v) => v >= trim);
  if (r.length === 0 || e.length === 0) return 0;
  const used = new Array<boolean>(e.length).fill(false);
  let hit = 0;
  for (const rv of r) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let j = 0; j < e.length; j++) {
      const d = used[j] ? Number.POSITIVE_INFINITY : Math.abs(e[j] - rv);
      // strict <: np.argmin takes the first of equal distances; all used leaves j = 0 at infinity
      if (d < bestD || best < 0) {
        best = j;
        bestD = d;
      }
    }
    if (bestD <= win) {
      used[best] = true;
      hit++;
    }
  }
  if (hit === 0) return 0;
  const p = hit / e.length;
  const q = hit / r.length;
  return (2 * p * q) / (p + q);
}

/** numpy.interp for increasing xp, clamped at both ends. */
function interp(x: number, xp: readonly number[], fp: readonly number[]): number {
  if (x <= xp[0]) return fp[0];
  if (x >= xp[xp.length - 1]) return fp[fp.length - 1];
  let j = 0;
  while (xp[j + 1] <= x) j++;
  if (x === xp[j]) return fp[j];
  const slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
  return slope * (x - xp[j]) + fp[j];
}

/**
 * beats.tempo_err: median |local tempo error| in %, the estimate's inter-beat intervals (from 5 s on)
 * against the truth's at the same times. null with fewer than 3 estimated beats.
 */
export function tempoErrPct(ref: readonly number[], est: readonly number[]): number | null {
  const e = est.filter((v) => v >= BEAT_TRIM_S);
  if (e.length < 3) return null;
  const refMid = ref.slice(1).map((v, i) => (v + ref[i]) / 2);
  const refIbi = ref.slice(1).map((v, i) => v - ref[i]);
  const errs = e.slice(1).map((v, i) => {
    const mid = (v + e[i]) / 2;
    const ibi = v - e[i];
    return Math.abs(ibi / interp(mid, refMid, refIbi) - 1);
  });
  return median(errs) * 100;
}

export type BeatSignal = "music" | "drums120" | "ramp";

export interface BeatScores {
  readonly beatF: number;
  /** Only when downbeats were given. */
  readonly downbeatF: number | null;
  readonly tempoErrPct: number | null;
}

/** Score a tracker's beats (and downbeats, if it gives them) on one of the beat signals. */
export function scoreBeats(
  name: BeatSignal,
  beats: readonly number[],
  downbeats?: readonly number[],
): BeatScores {
  const t = truth()[name];
  return {
    beatF: fmeasure(t.beats, beats),
    downbeatF: downbeats ? fmeasure(t.downbeats, downbeats) : null,
    tempoErrPct: tempoErrPct(t.beats, beats),
  };
}

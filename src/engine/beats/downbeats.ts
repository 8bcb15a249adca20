import type { Meter } from "../../shared/beats/beats-result.ts";
import { FEATURE, type FeatureFrames } from "./features.ts";
import { beatsPerBar, chooseMeter } from "./meter.ts";

// Bar positions of tracked beats, in the meter the evidence shows (meter.ts). Each beat gets a
// downbeat likelihood from two accents that mark bar starts in most popular music:
// harmonic change (the chroma of the two beats after it differs from that of the two
// before) and a low-frequency onset (kick, bass note). A Viterbi pass over the four
// positions then labels the beats, counting 1, 2, 3, 4 and changing phase only where
// the evidence for it outweighs RESET_COST, so one missed beat does not renumber the
// rest of the clip, and noise does not make the count stutter.

const HARMONY_WEIGHT = 1;
/**
 * As much as the harmony: a chord that anticipates the bar (on the "and" of the last beat) changes
 * the harmony as much on the beat before as on the downbeat, and the bass and kick on 1 decide.
 */
const LOW_WEIGHT = 1;
/**
 * The backbeat (a snare or a hi-hat on 2 and 4 over a ride or a walking bass that sound on every
 * beat) tells 1 and 3 from 2 and 4 where neither the bass nor the comping does.
 */
const BACKBEAT_WEIGHT = 1;
const RESET_COST = 6;
/**
 * A clip most often starts on a downbeat: a small bonus for counting its first beat as 1,
 * which decides between phases that the accents cannot tell apart (a drum loop whose kicks
 * fall on beats 1 and 3 looks the same from either).
 */
const START_BONUS = 2;
/**
 * Least spreads the features are scaled by: a chord change moves the chroma's cosine distance by
 * 0.1 to 0.5, the drums of a loop by under 0.01; a kick's low onset is 5 to 20, rumble under 0.5.
 */
const HARMONY_SD_FLOOR = 0.02;
const LOW_SD_FLOOR = 0.5;
const HIGH_SD_FLOOR = 0.5;
/** Two beats of chroma quieter than this fraction of the typical two beats' count as silence. */
const SILENT_CHROMA = 0.05;
/** Frames either side of a beat searched for its onset peak. */
const PEAK_FRAMES = 3;

/**
 * (v - mean) / sd, with the sd floored: a feature that barely varies (the harmony of a drum loop,
 * the bass of a flute solo) stays near zero instead of having its noise blown up to unit size.
 */
function standardise(values: Float64Array, sdFloor: number): Float64Array {
  const n = values.length;
  let mean = 0;
  for (const v of values) mean += v / n;
  let variance = 0;
  for (const v of values) variance += (v - mean) ** 2 / n;
  const sd = Math.max(Math.sqrt(variance), sdFloor);
  return values.map((v) => (v - mean) / sd);
}

/** Summed chroma of the frames [from, to). */
function chromaOf(features: FeatureFrames, from: number, to: number): Float64Array {
  const out = new Float64Array(12);
  const { data, stride } = features;
  for (let t = Math.max(0, from); t < Math.min(features.count, to); t++) {
    for (let c = 0; c < 12; c++) out[c] += data[t * stride + FEATURE.chroma + c];
  }
  return out;
}

function norm(v: Float64Array): number {
  let sum = 0;
  for (const x of v) sum += x * x;
  return Math.sqrt(sum);
}

/**
 * Downbeat likelihood of each beat (z-scored accent features, weighted), the harmonic change
 * alone, and the backbeat cue of each beat.
 */
function downbeatEvidence(
  features: FeatureFrames,
  beats: readonly number[],
): { evidence: Float64Array; harmony: Float64Array; backbeat: Float64Array } {
  const n = beats.length;
  const { data, stride, count } = features;
  // Frame boundaries between beats: each beat owns the frames from itself to the next.
  const edge = (i: number) => {
    if (i < 0) return Math.max(0, beats[0] + i * (beats[1] - beats[0]));
    if (i >= n) return Math.min(count, beats[n - 1] + (i - n + 1) * (beats[n - 1] - beats[n - 2]));
    return beats[i];
  };
  const halves = Array.from({ length: n + 1 }, (_, i) => chromaOf(features, edge(i - 2), edge(i)));
  const norms = halves.map(norm);
  const typical = [...norms].sort((a, b) => a - b)[norms.length >> 1];
  const harmony = new Float64Array(n);
  const heard: boolean[] = [];
  for (let i = 0; i < n; i++) {
    // halves[i] holds the two beats before beat i, halves[i + 2] the two from it. Beats too near
    // the ends for two whole beats either side, and sound after silence, give no evidence: the
    // clip's first beat would always look like a change otherwise.
    const a = norms[i];
    const b = norms[i + 2] ?? 0;
    heard.push(i >= 2 && i + 2 <= n && a > SILENT_CHROMA * typical && b > SILENT_CHROMA * typical);
    if (!heard[i]) continue;
    let dot = 0;
    for (let c = 0; c < 12; c++) dot += halves[i][c] * halves[i + 2][c];
    harmony[i] = 1 - dot / (a * b);
  }
  let heardMean = 0;
  let heardCount = 0;
  harmony.forEach((v, i) => {
    if (heard[i]) {
      heardMean += v;
      heardCount++;
    }
  });
  heardMean = heardCount > 0 ? heardMean / heardCount : 0;
  harmony.forEach((_, i) => {
    if (!heard[i]) harmony[i] = heardMean;
  });
  const peaks = (offset: number) =>
    Float64Array.from(beats, (beat) => {
      let peak = 0;
      for (let t = Math.max(0, beat - PEAK_FRAMES); t <= Math.min(count - 1, beat + PEAK_FRAMES); t++) {
        peak = Math.max(peak, data[t * stride + offset]);
      }
      return peak;
    });
  const high = peaks(FEATURE.high);
  const h = standardise(harmony, HARMONY_SD_FLOOR);
  const l = standardise(peaks(FEATURE.low), LOW_SD_FLOOR);
  // The backbeat: a beat followed by a louder snare, clap or hi-hat than its own is 1 or 3 (of four).
  const b = standardise(
    high.map((v, i) => (i + 1 < n ? high[i + 1] - v : 0)),
    HIGH_SD_FLOOR,
  );
  return { evidence: h.map((v, i) => HARMONY_WEIGHT * v + LOW_WEIGHT * l[i]), harmony: h, backbeat: b };
}

export interface NumberedBeats {
  readonly meter: Meter;
  /** Position in the bar (1 = downbeat .. the meter's beats per bar) of each beat. */
  readonly numbers: number[];
}

/**
 * The meter and each beat's position in its bar, given beat frames; `compound` when the beats
 * split in three.
 */
export function numberBeats(
  features: FeatureFrames,
  beats: readonly number[],
  compound = false,
): NumberedBeats {
  const n = beats.length;
  if (n < 3) return { meter: "4/4", numbers: beats.map((_, i) => (i % 4) + 1) };
  const accents = downbeatEvidence(features, beats);
  const meter = chooseMeter(accents.evidence, accents.harmony, compound);
  const states = beatsPerBar(meter);
  // The backbeat speaks of 2 and 4 only: in three (hats on 2 and 3) it would move the bar.
  const evidence =
    states === 4
      ? accents.evidence.map((v, i) => v + BACKBEAT_WEIGHT * accents.backbeat[i])
      : accents.evidence;
  let score = Float64Array.from({ length: states }, (_, s) => (s === 0 ? START_BONUS + evidence[0] : 0));
  const back = new Int8Array(n * states);
  for (let i = 1; i < n; i++) {
    const next = new Float64Array(states);
    let best = 0;
    for (let s = 1; s < states; s++) if (score[s] > score[best]) best = s;
    for (let s = 0; s < states; s++) {
      const previous = (s + states - 1) % states;
      let from = previous;
      let v = score[previous];
      if (score[best] - RESET_COST > v) {
        from = best;
        v = score[best] - RESET_COST;
      }
      next[s] = v + (s === 0 ? evidence[i] : 0);
      back[i * states + s] = from;
    }
    score = next;
  }
  let state = 0;
  for (let s = 1; s < states; s++) if (score[s] > score[state]) state = s;
  const labels = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    labels[i] = state + 1;
    state = back[i * states + state];
  }
  return { meter, numbers: labels };
}

import { FEATURE, type FeatureFrames } from "./features.ts";
import { envelopeAutocorrelation, lagValue, MAX_BPM, MIN_BPM } from "./tempo.ts";

// The metrical level a listener taps. The tempogram finds the strongest periodicity, but a clip
// repeats as well at half and twice its beat: swing's hi-hat on 2 and 4 reads as a slow half-bar
// pulse, a slow ballad's eighth-note hats as a fast one. Each level (half, the tracked tempo,
// double) is scored by these cues and the scores, normalised, are the levels' confidences:
// - how periodic the onset envelope is at the level's beat, half bar and bar (a groove repeats
//   at all three; at the wrong level one of them falls on an off-beat or half a bar);
// - a prior over what listeners tap: flat from 80 to 160 BPM, falling off outside;
// - the backbeat: a low onset (kick, bass) followed one beat later by a high one (snare, clap),
//   which marks the beat level in most popular music;
// - the bass on the beat, only for a slow level whose double also lies in the listeners' range
//   (the one ambiguity it settles): the low band (bass notes, kicks) repeating at the level's beat
//   more than at its half. A folk band's "oom-pah" fills every half beat with strummed chords, so
//   the whole envelope repeats as well at twice the tempo, but the bass only comes back one beat
//   later (unless a snare answers each kick half a beat later: that is rock's backbeat at twice
//   the tempo). Faster levels get no such vote: a pop bass in eighths repeats at the eighth and not
//   at the sixteenth, and would otherwise double a steady 100 BPM;
// - the tracked tempo itself, when it already lies in the listeners' range.

/** Listeners' preferred tempo range, in BPM, and the prior's fall-off outside it, in octaves. */
const PRIOR_LOW_BPM = 80;
const PRIOR_HIGH_BPM = 160;
const PRIOR_OCTAVES = 0.35;
/** How much a clear backbeat (correlation 1) multiplies a level's score. */
const BACKBEAT_WEIGHT = 1;
/** How much a low band repeating perfectly at a slow level's beat (autocorrelation 1) multiplies its score. */
const BASS_BEAT_WEIGHT = 2;
/**
 * The tracked tempo's own vote, when it lies inside the listeners' range: there the tempogram and
 * the bar check have already weighed the levels, and a half-time groove (trap's clap on 3) reads
 * exactly like a slow backbeat at half the tempo, so the convention of the range decides.
 */
const TRACKED_VOTE = 1.5;

export interface TempoLevel {
  readonly bpm: number;
  /** The share of the levels' summed scores, in [0, 1]; the levels' confidences add up to 1. */
  readonly confidence: number;
}

/** A listener's tempo preference: 1 inside 80..160 BPM, a Gaussian in octaves outside. */
export function tapPrior(bpm: number): number {
  const octaves =
    bpm < PRIOR_LOW_BPM
      ? Math.log2(PRIOR_LOW_BPM / bpm)
      : bpm > PRIOR_HIGH_BPM
        ? Math.log2(bpm / PRIOR_HIGH_BPM)
        : 0;
  return Math.exp(-0.5 * (octaves / PRIOR_OCTAVES) ** 2);
}

/** One band of the features as an envelope, mean removed. */
function band(features: FeatureFrames, offset: number): Float64Array {
  const { count, data, stride } = features;
  const out = new Float64Array(count);
  let mean = 0;
  for (let t = 0; t < count; t++) {
    out[t] = data[t * stride + offset];
    mean += out[t] / count;
  }
  for (let t = 0; t < count; t++) out[t] -= mean;
  return out;
}

/** Normalised cross-correlation of a(t) with b(t + lag), lag fractional (rounded). */
function crossCorrelation(a: Float64Array, b: Float64Array, lag: number): number {
  const l = Math.round(lag);
  let sum = 0;
  let aa = 0;
  let bb = 0;
  for (let t = 0; t + l < a.length; t++) {
    sum += a[t] * b[t + l];
    aa += a[t] * a[t];
    bb += b[t + l] * b[t + l];
  }
  return aa > 0 && bb > 0 ? sum / Math.sqrt(aa * bb) : 0;
}

/**
 * How much more a low onset is followed by a high one one beat later than half a beat later or
 * at once: a kick-snare backbeat at the level's beat, in [0, 1].
 */
function backbeat(low: Float64Array, high: Float64Array, period: number): number {
  const beat = crossCorrelation(low, high, period);
  const other = Math.max(crossCorrelation(low, high, period / 2), crossCorrelation(low, high, 0));
  return Math.max(0, beat - other);
}

/**
 * The levels around `bpm` (half, itself, double, those in range) with their confidences, the most
 * confident first.
 */
export function tempoLevels(features: FeatureFrames, onset: ArrayLike<number>, bpm: number): TempoLevel[] {
  const { frameRate } = features;
  const candidates = [bpm / 2, bpm, bpm * 2].filter((b) => b >= MIN_BPM && b <= MAX_BPM);
  const slowest = Math.min(...candidates);
  const acf = envelopeAutocorrelation(onset, Math.ceil((4 * 60 * frameRate) / slowest) + 2);
  const energy = acf[0];
  const at = (lag: number) => (energy > 0 ? Math.max(0, lagValue(acf, lag) / energy) : 0);
  const low = band(features, FEATURE.low);
  const high = band(features, FEATURE.high);
  const lowAcf = envelopeAutocorrelation(low, Math.ceil((60 * frameRate) / slowest) + 2);
  const lowAt = (lag: number) => (lowAcf[0] > 0 ? Math.max(0, lagValue(lowAcf, lag) / lowAcf[0]) : 0);
  const scores = candidates.map((b) => {
    const p = (60 * frameRate) / b;
    const periodicity = (at(p) + at(2 * p) + at(4 * p)) / 3;
    const vote = b === bpm && tapPrior(b) === 1 ? TRACKED_VOTE : 1;
    // A kick on 1 and 3 under a snare on 2 and 4 is a backbeat at twice this level, not a bass
    // on this level's beats: the backbeat there takes the bass's vote back.
    const bass =
      2 * b <= PRIOR_HIGH_BPM ? Math.max(0, lowAt(p) - lowAt(p / 2)) * (1 - backbeat(low, high, p / 2)) : 0;
    const cues = (1 + BACKBEAT_WEIGHT * backbeat(low, high, p)) * (1 + BASS_BEAT_WEIGHT * bass);
    return vote * tapPrior(b) * periodicity * cues;
  });
  const total = scores.reduce((a, b) => a + b, 0);
  return candidates
    .map((b, i) => ({ bpm: b, confidence: total > 0 ? scores[i] / total : 1 / candidates.length }))
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * Least autocorrelation (of the energy) at a third of a beat for the beats to split in three: a 6/8
 * groove's eighths measure 0.4, beats without subdivisions around zero either side.
 */
const MIN_THIRD = 0.15;

/**
 * Whether the beats split in three (compound time): the onset envelope repeats clearly at a third
 * of the median beat, and more than at its half.
 */
export function splitsInThree(onset: ArrayLike<number>, beats: readonly number[]): boolean {
  if (beats.length < 2) return false;
  const intervals = beats.slice(1).map((t, i) => t - beats[i]);
  const period = intervals.sort((a, b) => a - b)[intervals.length >> 1];
  const acf = envelopeAutocorrelation(onset, Math.ceil(period / 2) + 2);
  const third = lagValue(acf, period / 3) / acf[0];
  const half = lagValue(acf, period / 2) / acf[0];
  return third >= MIN_THIRD && third > half;
}

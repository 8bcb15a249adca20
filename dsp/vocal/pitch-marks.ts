// Pitch marks (epochs) of a spoken source whose f0 is nearly flat, as eSpeak speaks at a fixed
// pitch: one period from the loudest stretch's autocorrelation, then one mark per period, each
// placed where the waveform best matches the period around the mark before it (searched a little
// either side of where the period predicts it), so every mark sits at the same phase of its
// glottal cycle even when a cycle has two peaks of about the same height. Marks keep going
// (unmatched) through silence, and a flag says which are unvoiced (noise, silence): there the
// synthesis keeps their own spacing.

/** The window whose autocorrelation gives the period: two periods of the lowest f0 at 48 kHz. */
const PERIOD_WINDOW: i32 = 2048;
/** Around a predicted mark, the share of a period searched for the best match. */
const SNAP_SHARE: f64 = 0.08;
/** A mark is voiced when one period correlates with the next at least this well ... */
const VOICED_CORRELATION: f64 = 0.5;
/** ... and its period is no more than this far (amplitude) below the loudest one's. */
const VOICED_FLOOR: f64 = 0.01;

/**
 * The period in frames (fractional, by parabolic interpolation) of the loudest PERIOD_WINDOW of
 * `frames` samples at `source`, searched between minPeriod and maxPeriod; 0 when it is silent.
 * `scratch` holds periodScratchBytes(maxPeriod).
 */
export function sourcePeriod(
  source: usize,
  frames: i32,
  minPeriod: i32,
  maxPeriod: i32,
  scratch: usize,
): f64 {
  const window = min(PERIOD_WINDOW, frames);
  const top = min(maxPeriod, (window >> 1) - 1);
  if (minPeriod < 2 || top < minPeriod + 2) return 0;
  let bestStart = 0;
  let bestEnergy: f64 = 0;
  for (let start = 0; start + window <= frames; start += window >> 2) {
    let energy: f64 = 0;
    for (let i = 0; i < window; i++) {
      const x = <f64>load<f32>(source + ((<usize>(start + i)) << 2));
      energy += x * x;
    }
    if (energy > bestEnergy) {
      bestEnergy = energy;
      bestStart = start;
    }
  }
  if (bestEnergy <= 0) return 0;
  const base = source + ((<usize>bestStart) << 2);
  // Energy prefix sums, so each lag's normalisation costs nothing: prefix[k] = sum of x^2 below k.
  const prefix = scratch + ((<usize>(maxPeriod + 2)) << 3);
  let running: f64 = 0;
  store<f64>(prefix, 0);
  for (let i = 0; i < window; i++) {
    const x = <f64>load<f32>(base + ((<usize>i) << 2));
    running += x * x;
    store<f64>(prefix + ((<usize>(i + 1)) << 3), running);
  }
  // r(lag) normalised by the overlap's energy, so long lags are not penalised for their shorter sum.
  let bestLag = 0;
  let bestR: f64 = -1;
  for (let lag = minPeriod - 1; lag <= top + 1; lag++) {
    let xy: f64 = 0;
    for (let i = 0; i + lag < window; i++) {
      xy += <f64>load<f32>(base + ((<usize>i) << 2)) * <f64>load<f32>(base + ((<usize>(i + lag)) << 2));
    }
    const xx = load<f64>(prefix + ((<usize>(window - lag)) << 3));
    const yy = load<f64>(prefix + ((<usize>window) << 3)) - load<f64>(prefix + ((<usize>lag) << 3));
    const e = Math.sqrt(xx * yy);
    const r = e > 0 ? xy / e : 0;
    store<f64>(scratch + ((<usize>lag) << 3), r);
    if (lag >= minPeriod && lag <= top && r > bestR) {
      bestR = r;
      bestLag = lag;
    }
  }
  if (bestLag == 0) return 0;
  // The shortest lag nearly as good as the best is the period (the best may be a multiple of it).
  for (let lag = minPeriod + 1; lag < bestLag; lag++) {
    const r = load<f64>(scratch + ((<usize>lag) << 3));
    if (
      r > 0.9 * bestR &&
      r >= load<f64>(scratch + ((<usize>(lag - 1)) << 3)) &&
      r >= load<f64>(scratch + ((<usize>(lag + 1)) << 3))
    ) {
      bestLag = lag;
      break;
    }
  }
  const a = load<f64>(scratch + ((<usize>(bestLag - 1)) << 3));
  const b = load<f64>(scratch + ((<usize>bestLag) << 3));
  const c = load<f64>(scratch + ((<usize>(bestLag + 1)) << 3));
  const d = a - 2 * b + c;
  return d < 0 ? <f64>bestLag + (0.5 * (a - c)) / d : <f64>bestLag;
}

/** Bytes of scratch sourcePeriod needs for periods up to maxPeriod. */
export function periodScratchBytes(maxPeriod: i32): usize {
  return (<usize>(maxPeriod + 2 + PERIOD_WINDOW + 1)) << 3;
}

function normalisedCorrelation(base: usize, window: i32, lag: i32): f64 {
  let xy: f64 = 0;
  let xx: f64 = 0;
  let yy: f64 = 0;
  for (let i = 0; i + lag < window; i++) {
    const x = <f64>load<f32>(base + ((<usize>i) << 2));
    const y = <f64>load<f32>(base + ((<usize>(i + lag)) << 2));
    xy += x * y;
    xx += x * x;
    yy += y * y;
  }
  const e = Math.sqrt(xx * yy);
  return e > 0 ? xy / e : 0;
}

/** |x| over one period centred on `at`, as RMS. */
function periodRms(source: usize, frames: i32, at: i32, period: i32): f64 {
  const from = max(0, at - (period >> 1));
  const to = min(frames, from + period);
  let sum: f64 = 0;
  for (let i = from; i < to; i++) {
    const x = <f64>load<f32>(source + ((<usize>i) << 2));
    sum += x * x;
  }
  return to > from ? Math.sqrt(sum / <f64>(to - from)) : 0;
}

/** How well the period centred on `at` matches the next one (near the ends, the two periods inside; 1: identical). */
function periodCorrelation(source: usize, frames: i32, at: i32, period: i32): f64 {
  const from = min(max(0, at - (period >> 1)), frames - 2 * period);
  if (from < 0) return 0;
  return normalisedCorrelation(source + ((<usize>from) << 2), 2 * period, period);
}

/**
 * Writes the marks (i32 frames, ascending) of `frames` samples at `source` into `marks` (room for
 * `capacity`) and a voiced flag (u8) per mark into `voiced`; returns how many. `period` is the
 * source's (sourcePeriod); the marks run from the first period to the last.
 */
export function placeMarks(
  source: usize,
  frames: i32,
  period: f64,
  marks: usize,
  voiced: usize,
  capacity: i32,
): i32 {
  if (period < 2 || frames < 2) return 0;
  // The anchor: the strongest peak of the loudest period.
  let anchor = 0;
  let peak: f32 = 0;
  for (let i = 0; i < frames; i++) {
    const x = abs<f32>(load<f32>(source + ((<usize>i) << 2)));
    if (x > peak) {
      peak = x;
      anchor = i;
    }
  }
  if (peak == 0) return 0;
  const reach = max(1, <i32>(period * SNAP_SHARE));
  const whole = <i32>Math.round(period);
  const floor = <f64>peak * VOICED_FLOOR;

  // Marks before the anchor, found backwards, then reversed into place.
  let count = 0;
  let at: f64 = <f64>anchor;
  while (count < capacity) {
    at = snap(source, frames, at, at - period, reach, floor, whole);
    if (at < 0) break;
    store<i32>(marks + ((<usize>count) << 2), <i32>at);
    count++;
  }
  for (let i = 0, j = count - 1; i < j; i++, j--) {
    const a = load<i32>(marks + ((<usize>i) << 2));
    store<i32>(marks + ((<usize>i) << 2), load<i32>(marks + ((<usize>j) << 2)));
    store<i32>(marks + ((<usize>j) << 2), a);
  }
  if (count < capacity) {
    store<i32>(marks + ((<usize>count) << 2), anchor);
    count++;
  }
  at = <f64>anchor;
  while (count < capacity) {
    at = snap(source, frames, at, at + period, reach, floor, whole);
    if (at >= <f64>frames) break;
    store<i32>(marks + ((<usize>count) << 2), <i32>at);
    count++;
  }
  for (let i = 0; i < count; i++) {
    const m = load<i32>(marks + ((<usize>i) << 2));
    const isVoiced =
      periodRms(source, frames, m, whole) >= floor &&
      periodCorrelation(source, frames, m, whole) >= VOICED_CORRELATION;
    store<u8>(voiced + <usize>i, isVoiced ? 1 : 0);
  }
  return count;
}

/**
 * The mark near `predicted`: where, within `reach`, the period around it best matches the period
 * around the mark `from` (normalised correlation), when the period there is loud enough to be
 * voice; else the prediction itself (a negative or past-the-end value passes through).
 */
function snap(
  source: usize,
  frames: i32,
  from: f64,
  predicted: f64,
  reach: i32,
  floor: f64,
  period: i32,
): f64 {
  const centre = <i32>Math.round(predicted);
  const reference = <i32>Math.round(from);
  const half = period >> 1;
  if (centre - reach - half < 0 || centre + reach + half > frames) return predicted;
  if (reference - half < 0 || reference + half > frames) return predicted;
  if (periodRms(source, frames, centre, period) < floor) return predicted;
  const a = source + ((<usize>(reference - half)) << 2);
  let best = centre;
  let bestScore: f64 = -Infinity;
  for (let d = -reach; d <= reach; d++) {
    const b = source + ((<usize>(centre + d - half)) << 2);
    let xy: f64 = 0;
    let yy: f64 = 0;
    for (let j = 0; j < period; j++) {
      const y = <f64>load<f32>(b + ((<usize>j) << 2));
      xy += <f64>load<f32>(a + ((<usize>j) << 2)) * y;
      yy += y * y;
    }
    const score = yy > 0 ? xy / Math.sqrt(yy) : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = centre + d;
    }
  }
  return <f64>best;
}

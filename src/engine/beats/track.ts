// Beat tracking by dynamic programming (Ellis 2007, "Beat tracking by dynamic
// programming"), with the beat period allowed to vary along the clip: each candidate
// beat looks back for its predecessor around the local period, so a tempo ramp is
// followed beat by beat instead of being forced onto one grid.

/**
 * How strongly inter-beat intervals are held to the local period (librosa's "tightness"). The
 * tempo path measures periodicity, which a run of pushed accents (a band hitting every "and" for a
 * few bars) does not change, while a loose tracker slides onto those louder off-beats and back
 * (librosa's 100 does, for six bars of pushes at 150 BPM). 400 holds the phase there and still
 * follows a piano's rubato of +-10% every two bars; 800 no longer does.
 */
const TIGHTNESS = 400;

/**
 * Beat frames, increasing. `score` is the onset envelope scaled to unit standard deviation;
 * `period` the local beat period in frames at each frame.
 */
export function trackBeats(score: Float32Array, period: Float64Array, count: number): number[] {
  if (count === 0) return [];
  let maxScore = 0;
  for (let t = 0; t < count; t++) maxScore = Math.max(maxScore, score[t]);
  const threshold = 0.01 * maxScore;
  const cumulative = new Float64Array(count);
  const back = new Int32Array(count).fill(-1);
  let started = false;
  for (let t = 0; t < count; t++) {
    const p = period[t];
    const from = Math.max(0, Math.round(t - 2 * p));
    const to = Math.round(t - p / 2);
    let best = -Infinity;
    let bestFrom = -1;
    for (let u = from; u <= to; u++) {
      const x = Math.log((t - u) / p);
      const v = cumulative[u] - TIGHTNESS * x * x;
      if (v > best) {
        best = v;
        bestFrom = u;
      }
    }
    // Nothing to link to yet: the first beat stands alone.
    if (bestFrom < 0) best = 0;
    cumulative[t] = score[t] + best;
    if (!started && score[t] < threshold) {
      cumulative[t] = score[t];
    } else {
      back[t] = bestFrom;
      started = true;
    }
  }
  const beats: number[] = [];
  for (let t = lastBeat(cumulative, period, count); t >= 0; t = back[t]) beats.push(t);
  beats.reverse();
  return trimWeakEnds(beats, score);
}

/**
 * The final beat: the best cumulative score within the last beat period. (A later local maximum,
 * an off-beat hit just before the end, would otherwise be taken for it.)
 */
function lastBeat(cumulative: Float64Array, period: Float64Array, count: number): number {
  let best = count - 1;
  for (let t = Math.max(0, Math.round(count - period[count - 1])); t < count; t++) {
    if (cumulative[t] > cumulative[best]) best = t;
  }
  return best;
}

/** Frames either side of a beat where its onset may peak. */
const PEAK_FRAMES = 2;
/** Edge beats with an onset under this fraction of the median beat's are dropped. */
const WEAK_EDGE = 0.3;

/**
 * Drops beats at either end whose onset is weak beside the typical beat's: past the music's
 * ends the tracker would otherwise continue its grid into silence, or onto the frames one
 * period after the last hit.
 */
function trimWeakEnds(beats: number[], score: Float32Array): number[] {
  if (beats.length === 0) return beats;
  const peaks = beats.map((t) => {
    let peak = 0;
    for (let u = Math.max(0, t - PEAK_FRAMES); u <= Math.min(score.length - 1, t + PEAK_FRAMES); u++) {
      peak = Math.max(peak, score[u]);
    }
    return peak;
  });
  const sorted = [...peaks].sort((a, b) => a - b);
  const threshold = WEAK_EDGE * sorted[sorted.length >> 1];
  let first = 0;
  while (first < beats.length && peaks[first] < threshold) first++;
  let last = beats.length - 1;
  while (last >= first && peaks[last] < threshold) last--;
  return beats.slice(first, last + 1);
}

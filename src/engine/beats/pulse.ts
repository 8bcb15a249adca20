import { envelopeAutocorrelation, lagValue } from "./tempo.ts";

// Whether a clip has a pulse at all. The tempogram's strength (how periodic the envelope is at one
// beat) cannot tell: a sustained pad's slowly varying envelope correlates with itself at any short
// lag, and speech's syllables come at a fairly steady rate for a beat or two. A pulse goes on: in
// every stretch of a few seconds the envelope repeats at two, three and four beats of the local
// tempo. Soft rubato playing keeps that (0.3 on a -30 dBFS rubato line, 0.4 to 0.95 with drums),
// pads, speech and noise lose it (under 0.06).

/** Seconds of envelope per window, and between window starts. */
const WINDOW_SECONDS = 8;
const STEP_SECONDS = 2;
/** The local period may have drifted this much (a fraction) by the fourth beat. */
const LAG_SLACK = 0.03;

/**
 * Pulse clarity in [-1, 1]: the envelope's autocorrelation at 2, 3 and 4 local beat periods (each
 * the best within LAG_SLACK), averaged over windows. `period` is the beat period in frames at
 * each frame.
 */
export function pulseClarity(onset: Float32Array, period: Float64Array, frameRate: number): number {
  return overWindows(onset, period, frameRate, 4 * (1 + LAG_SLACK), (at, p) => {
    let sum = 0;
    for (let k = 2; k <= 4; k++) {
      let best = -Infinity;
      for (let lag = Math.floor(k * p * (1 - LAG_SLACK)); lag <= k * p * (1 + LAG_SLACK); lag++) {
        best = Math.max(best, at(lag));
      }
      sum += best / 3;
    }
    return sum;
  });
}

/**
 * Pulse contrast in [-1, 1]: how much more the envelope repeats at 1..4 local beats than halfway
 * between them, averaged over windows. A pulse's autocorrelation peaks at whole beats and dips
 * between; a swelling pad's or a voice's slowly varying envelope decays smoothly through both
 * (under 0.2), so it tells a soft pulse from none where the plain correlation at whole beats
 * cannot.
 */
export function pulseContrast(onset: Float32Array, period: Float64Array, frameRate: number): number {
  return overWindows(onset, period, frameRate, 4.5, (at, p) => {
    let sum = 0;
    for (let k = 1; k <= 4; k++) sum += (at(k * p) - 0.5 * (at((k - 0.5) * p) + at((k + 0.5) * p))) / 4;
    return sum;
  });
}

/**
 * The mean over windows of `measure`, given each window's normalised autocorrelation (`at`, read up
 * to `beats` local periods) and its local period `p` in frames.
 */
function overWindows(
  onset: Float32Array,
  period: Float64Array,
  frameRate: number,
  beats: number,
  measure: (at: (lag: number) => number, p: number) => number,
): number {
  const count = onset.length;
  const width = Math.min(count, Math.round(WINDOW_SECONDS * frameRate));
  const step = Math.round(STEP_SECONDS * frameRate);
  let total = 0;
  let windows = 0;
  for (let start = 0; windows === 0 || start + width <= count; start += step) {
    const p = period[Math.min(count - 1, start + (width >> 1))];
    const acf = envelopeAutocorrelation(onset.subarray(start, start + width), Math.ceil(beats * p) + 1);
    const energy = acf[0];
    total += measure((lag) => (energy > 0 ? lagValue(acf, lag) / energy : 0), p);
    windows++;
  }
  return total / windows;
}

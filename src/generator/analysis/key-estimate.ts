// Key estimation. A pitch-class profile correlated with a key profile in all 12 rotations
// (Krumhansl-Schmuckler) names the collection of notes well but not its tonic: a song that dwells on
// IV or V, or on the relative minor, reads as that key. The profiles here are Albrecht and
// Shanahan's (2013, from a corpus), which weigh the tonic and fifth more and the other degrees less
// than Krumhansl and Kessler's probe-tone ratings; and a song's ending (its last chord, and the bass
// note under it, which is the tonic in nearly all songs) is weighed in beside its whole profile.

import { bandProfile, type ChromaFrames } from "./chroma.ts";

/** Share of each degree above the tonic in a corpus of pieces (Albrecht & Shanahan 2013). */
const MAJOR_PROFILE = [0.238, 0.006, 0.111, 0.006, 0.137, 0.094, 0.016, 0.214, 0.009, 0.08, 0.008, 0.081];
const MINOR_PROFILE = [0.22, 0.006, 0.104, 0.123, 0.019, 0.103, 0.012, 0.214, 0.062, 0.022, 0.061, 0.052];

/** Tonics as key signatures usually spell them (tonal reads every one of these). */
const MAJOR_TONICS = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
const MINOR_TONICS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"];

/** Seconds before the music stops whose middle register counts as the final chord. */
const ENDING_SECONDS = 3;
/** Seconds before the music stops whose bass counts as the final bass note (a shorter span: the note before it is often a step away). */
const ENDING_BASS_SECONDS = 2;
/** Weight of the final chord's correlation with a key, beside the whole song's. */
const ENDING_WEIGHT = 0.5;
/** Weight of the final bass note's share on a key's tonic (0..1). */
const ENDING_BASS_WEIGHT = 0.5;
/** Frames quieter than this fraction of the median frame are not music (the silence after a song, a reverb tail's end). */
const SOUNDING = 0.1;

export interface EstimatedKey {
  readonly tonic: string;
  readonly mode: "major" | "minor";
  /** Pitch class of the tonic, C = 0. */
  readonly tonicChroma: number;
  /** Correlation of the whole song's profile with the winning key's (-1..1). */
  readonly correlation: number;
}

function correlation(a: ArrayLike<number>, b: ArrayLike<number>, rotation: number): number {
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < 12; i++) {
    meanA += a[i] / 12;
    meanB += b[i] / 12;
  }
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < 12; i++) {
    const x = a[(i + rotation) % 12] - meanA;
    const y = b[i] - meanB;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

interface KeyEvidence {
  /** The whole song's profile. */
  readonly profile: ArrayLike<number>;
  /** The final chord's profile, or null to go by the whole song alone. */
  readonly ending: ArrayLike<number> | null;
  /** Each pitch class's share (summing to 1) of the bass at the end, or null. */
  readonly endingBass: ArrayLike<number> | null;
}

function bestKey({ profile, ending, endingBass }: KeyEvidence): EstimatedKey | null {
  let best: EstimatedKey | null = null;
  let bestScore = -Infinity;
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const mode of ["major", "minor"] as const) {
      const keyProfile = mode === "major" ? MAJOR_PROFILE : MINOR_PROFILE;
      const r = correlation(profile, keyProfile, tonic);
      if (r === 0) continue;
      let score = r;
      if (ending) score += ENDING_WEIGHT * correlation(ending, keyProfile, tonic);
      if (endingBass) score += ENDING_BASS_WEIGHT * endingBass[tonic];
      if (score > bestScore) {
        bestScore = score;
        const tonicName = (mode === "major" ? MAJOR_TONICS : MINOR_TONICS)[tonic];
        best = { tonic: tonicName, mode, tonicChroma: tonic, correlation: r };
      }
    }
  }
  return best;
}

/** The best-matching major or minor key of a pitch-class profile (C first), or null for silence. */
export function estimateKey(profile: ArrayLike<number>): EstimatedKey | null {
  return bestKey({ profile, ending: null, endingBass: null });
}

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1];
}

/** Each frame's pitch classes as shares of the frame (so loud and quiet frames count alike), summed. */
function shares(band: Float64Array, frames: readonly number[]): Float64Array | null {
  const sum = new Float64Array(12);
  for (const frame of frames) {
    let total = 0;
    for (let c = 0; c < 12; c++) total += band[frame * 12 + c];
    if (total > 0) for (let c = 0; c < 12; c++) sum[c] += band[frame * 12 + c] / total;
  }
  const total = sum.reduce((a, b) => a + b, 0);
  return total > 0 ? sum.map((v) => v / total) : null;
}

/**
 * The key of a song from its chroma frames: the profile of its middle register, and its ending (the
 * last few seconds of music: the last chord and the bass note under it).
 */
export function estimateSongKey(frames: ChromaFrames): EstimatedKey | null {
  const threshold = SOUNDING * median(frames.rms);
  let last = frames.count - 1;
  while (last >= 0 && !(frames.rms[last] > threshold)) last--;
  if (last < 0) return null;
  const end = frames.times[last];
  const within = (seconds: number) => {
    const out: number[] = [];
    for (let f = last; f >= 0 && frames.times[f] > end - seconds; f--) {
      if (frames.rms[f] > threshold) out.push(f);
    }
    return out;
  };
  return bestKey({
    profile: bandProfile(frames.mid),
    ending: shares(frames.mid, within(ENDING_SECONDS)),
    endingBass: shares(frames.bass, within(ENDING_BASS_SECONDS)),
  });
}

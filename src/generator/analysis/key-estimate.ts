// Key estimation: the Krumhansl-Schmuckler algorithm, correlating a song's pitch-class profile
// with the major and minor key profiles of Krumhansl and Kessler (1982) in all 12 rotations.

/** Probe-tone ratings of each degree above the tonic (Krumhansl & Kessler 1982). */
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Tonics as key signatures usually spell them (tonal reads every one of these). */
const MAJOR_TONICS = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
const MINOR_TONICS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"];

export interface EstimatedKey {
  readonly tonic: string;
  readonly mode: "major" | "minor";
  /** Pitch class of the tonic, C = 0. */
  readonly tonicChroma: number;
  /** Correlation of the profile with the winning key's (-1..1). */
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

/** The best-matching major or minor key of a pitch-class profile (C first), or null for silence. */
export function estimateKey(profile: ArrayLike<number>): EstimatedKey | null {
  let best: EstimatedKey | null = null;
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const mode of ["major", "minor"] as const) {
      const r = correlation(profile, mode === "major" ? MAJOR_PROFILE : MINOR_PROFILE, tonic);
      if (r !== 0 && (!best || r > best.correlation)) {
        const tonicName = (mode === "major" ? MAJOR_TONICS : MINOR_TONICS)[tonic];
        best = { tonic: tonicName, mode, tonicChroma: tonic, correlation: r };
      }
    }
  }
  return best;
}

// How alike two songs are, for autoplay and song radio: shared styles count most, then the same
// persona, a near tempo and the same or a neighbouring key. Pure, so the ranking is tested alone.

/** What the ranking reads of a song. */
export interface SongTraits {
  readonly tags: readonly string[];
  readonly personaId: string | null;
  readonly bpm: number | null;
  /** Pitch class 0-11 and mode, when the styles name a key ("A minor", "C# major"). */
  readonly key: { readonly tonic: number; readonly minor: boolean } | null;
}

/** Tempos within this many beats a minute are neighbours. */
export const TEMPO_NEIGHBOURHOOD_BPM = 12;

const TONICS: Readonly<Record<string, number>> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const KEY_PATTERN = /\b([a-g])\s*([#b♯♭]?)\s*(major|minor|maj|min|m)\b/i;

/** The key the styles name, if any. */
export function keyOf(text: string | null | undefined): SongTraits["key"] {
  const match = KEY_PATTERN.exec(text ?? "");
  if (match === null) return null;
  const [, letter = "c", accidental = "", mode = ""] = match;
  const shift = accidental === "#" || accidental === "♯" ? 1 : accidental === "" ? 0 : -1;
  const minor = ["minor", "min", "m"].includes(mode.toLowerCase());
  return { tonic: ((TONICS[letter.toLowerCase()] ?? 0) + shift + 12) % 12, minor };
}

/** Keys a listener hears as close: the same, its relative, or a fifth away in the same mode. */
function keysNear(a: NonNullable<SongTraits["key"]>, b: NonNullable<SongTraits["key"]>): boolean {
  if (a.minor === b.minor) {
    const distance = (a.tonic - b.tonic + 12) % 12;
    return distance === 0 || distance === 5 || distance === 7;
  }
  const major = a.minor ? b : a;
  const minor = a.minor ? a : b;
  return (major.tonic + 9) % 12 === minor.tonic;
}

/** A score: 3 per shared style, 2 for the same persona, 1 for a near tempo, 1 for a near key. */
export function similarity(seed: SongTraits, other: SongTraits): number {
  const shared = other.tags.filter((tag) => seed.tags.includes(tag)).length;
  const persona = seed.personaId !== null && seed.personaId === other.personaId ? 2 : 0;
  const tempo =
    seed.bpm !== null && other.bpm !== null && Math.abs(seed.bpm - other.bpm) <= TEMPO_NEIGHBOURHOOD_BPM
      ? 1
      : 0;
  const key = seed.key !== null && other.key !== null && keysNear(seed.key, other.key) ? 1 : 0;
  return shared * 3 + persona + tempo + key;
}

/** `candidates` most like `seed` first; equal scores keep their given order (most played first). */
export function rankBySimilarity<T>(
  seed: SongTraits,
  candidates: readonly T[],
  traits: (item: T) => SongTraits,
): T[] {
  return candidates
    .map((item, at) => ({ item, at, score: similarity(seed, traits(item)) }))
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .map((entry) => entry.item);
}

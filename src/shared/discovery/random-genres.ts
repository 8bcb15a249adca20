// The 'random genre' rule for a listener the product knows nothing about yet: five genres picked at
// random, their trending songs, then the first ten of the list shuffled, so two new listeners (or
// two visits) do not see the same opening.

export const RANDOM_GENRE_COUNT = 5;
export const SHUFFLED_HEAD = 10;

/** A number in [0, 1), as Math.random gives: tests pass a seeded one. */
export type Random = () => number;

/** A copy of the list in random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** RANDOM_GENRE_COUNT distinct genres of the list (all of them when there are fewer). */
export const pickRandomGenres = (genres: readonly string[], random: Random): string[] =>
  shuffled([...new Set(genres)], random).slice(0, RANDOM_GENRE_COUNT);

/** The list with its first SHUFFLED_HEAD items in random order and the rest as they were. */
export const shuffleHead = <T>(items: readonly T[], random: Random): T[] => [
  ...shuffled(items.slice(0, SHUFFLED_HEAD), random),
  ...items.slice(SHUFFLED_HEAD),
];

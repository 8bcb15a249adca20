/** The most styles a regenerated playlist's songs are asked for. */
export const REGENERATE_STYLES_MAX = 5;

/**
 * The styles a playlist stands for, from its songs' style texts (comma separated): each style
 * counted once per song, the most frequent first, ties in the order they first appear, at most
 * REGENERATE_STYLES_MAX, joined as a style text. Case and spacing do not make a style new; the
 * first spelling met is kept. No styles at all gives "".
 */
export function playlistStyles(songTags: readonly (string | null | undefined)[]): string {
  const counts = new Map<string, { readonly spelling: string; count: number; readonly first: number }>();
  for (const tags of songTags) {
    const seen = new Set<string>();
    for (const raw of (tags ?? "").split(",")) {
      const spelling = raw.trim().replace(/\s+/g, " ");
      const key = spelling.toLowerCase();
      if (key === "" || seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { spelling, count: 1, first: counts.size });
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, REGENERATE_STYLES_MAX)
    .map((entry) => entry.spelling)
    .join(", ");
}

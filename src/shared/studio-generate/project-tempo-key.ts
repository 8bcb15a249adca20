// The project's tempo and key in a studio generation's request. The generation call (the create
// page's, compatible with the upstream service) has no fields of its own for them: models read both
// from the styles, as "120 bpm" and "in A minor". So the studio adds them to the styles, unless the
// person's styles already name a tempo or a key, which then win.

const KEY = /\b([A-G])\s*([#b♯♭]?)\s*(major|minor)\b/i;
const TEMPO = /\b\d{2,3}(?:\.\d+)?\s*-?\s*bpm\b/i;

/** The key the styles name ("A minor", "C# major"), spelled that way; null when they name none. */
export function keyNamedIn(styles: string | null | undefined): string | null {
  const match = KEY.exec(styles ?? "");
  if (match === null) return null;
  const [, tonic, accidental, mode] = match;
  const sign = accidental === "♯" ? "#" : accidental === "♭" ? "b" : accidental;
  return `${tonic.toUpperCase()}${sign} ${mode.toLowerCase()}`;
}

/**
 * The project's key: the one most of its songs (the clips around the range) name in their styles;
 * on a tie, the one named first. Null when none names a key.
 */
export function projectKey(songStyles: readonly (string | null | undefined)[]): string | null {
  const counts = new Map<string, number>();
  for (const styles of songStyles) {
    const key = keyNamedIn(styles);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [key, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = key;
  return best;
}

/** The styles with the project's tempo (whole beats per minute) and key added where they name none. */
export function stylesWithTempoAndKey(styles: string, bpm: number | null, key: string | null): string {
  const added = [
    ...(bpm !== null && Number.isFinite(bpm) && bpm > 0 && !TEMPO.test(styles)
      ? [`${Math.round(bpm)} bpm`]
      : []),
    ...(key !== null && keyNamedIn(styles) === null ? [`in ${key}`] : []),
  ];
  return [styles.trim(), ...added].filter((part) => part !== "").join(", ");
}

// Which aligned word is being sung at a moment of the song: the last word that started at or before
// it, while it lasts. Between words (a breath, an instrumental bar) none is.

interface TimedWord {
  readonly start_s: number;
  readonly end_s: number;
}

/** The index of the word sung at `seconds` in words ordered by start, or -1. */
export function sungWordIndex(words: readonly TimedWord[], seconds: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((words[middle]?.start_s ?? Number.POSITIVE_INFINITY) <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 && seconds < (words[found]?.end_s ?? 0) ? found : -1;
}

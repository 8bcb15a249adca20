// A track's clips are sorted by start and do not overlap (load normalisation and every edit keep
// them so), so their ends are sorted too and the first clip in view is a binary search away.

interface Span {
  readonly startBeats: number;
  readonly endBeats: number;
}

/** The index of the first clip ending after `from`, or clips.length. */
export function firstClipEndingAfter(clips: readonly Span[], from: number): number {
  let low = 0;
  let high = clips.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (clips[middle].endBeats <= from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the clip under a beat, or -1. */
export function clipIndexAt(clips: readonly Span[], beat: number): number {
  const index = firstClipEndingAfter(clips, beat);
  const clip = clips[index];
  return clip !== undefined && clip.startBeats <= beat ? index : -1;
}

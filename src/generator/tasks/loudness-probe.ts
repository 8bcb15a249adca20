// A few bars of a song's loudest section as a score of their own: rendered in a moment, they tell
// the streaming master how loud the whole song will be before the song exists.
import type { Beats } from "../../shared/time.ts";
import type { Score } from "../score.ts";

/** Bars of the probe: long enough for a steady loudness reading (BS.1770 gates 400 ms blocks). */
const PROBE_BARS = 4;

/** The probe's span in beats: the start of the first most energetic section, up to PROBE_BARS bars. */
export function probeSpan(score: Score): { start: number; end: number } {
  let loudest = score.sections[0];
  for (const section of score.sections) if (section.energy > (loudest?.energy ?? -1)) loudest = section;
  const start = loudest?.start ?? 0;
  const end = Math.min(
    loudest?.end ?? score.lengthBeats,
    start + PROBE_BARS * score.beatsPerBar,
    score.lengthBeats,
  );
  return { start, end: Math.max(end, Math.min(score.lengthBeats, start + score.beatsPerBar)) };
}

/** The instruments' notes starting inside the span, moved to start at beat 0. */
export function probeScore(score: Score, span: { start: number; end: number }): Score {
  const inside = (start: number) => start >= span.start && start < span.end;
  const moved = (start: number) => (start - span.start) as Beats;
  return {
    ...score,
    lengthBeats: (span.end - span.start) as Beats,
    sections: [],
    drums: {
      ...score.drums,
      hits: score.drums.hits
        .filter((hit) => inside(hit.start))
        .map((hit) => ({ ...hit, start: moved(hit.start) })),
    },
    parts: score.parts.map((part) => ({
      ...part,
      notes: part.notes
        .filter((note) => inside(note.start))
        .map((note) => ({ ...note, start: moved(note.start) })),
    })),
    vocals: null,
  };
}

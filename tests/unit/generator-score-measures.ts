// Measures of a composed score that a listener hears, shared by the generator's tests and its
// description bench: how many different drum bars it plays, and whether its groove swings.
import type { Score } from "../../src/generator/score.ts";

/** Bars whose drum hits differ (positions and drums, velocities ignored), against the bars with drums. */
export function drumBarVariety(score: Score): { distinct: number; bars: number } {
  const perBar = new Map<number, string[]>();
  for (const hit of score.drums.hits) {
    const bar = Math.floor(hit.start / score.beatsPerBar);
    const at = (hit.start - bar * score.beatsPerBar).toFixed(3);
    const list = perBar.get(bar) ?? [];
    list.push(`${at}:${hit.drum}`);
    perBar.set(bar, list);
  }
  const shapes = new Set([...perBar.values()].map((hits) => hits.sort().join(" ")));
  return { distinct: shapes.size, bars: perBar.size };
}

/** Over a tenth of the notes and hits off the sixteenth grid (by 0.04 beats or more): the groove swings. */
export function isSwung(score: Score): boolean {
  const starts = [
    ...score.drums.hits.map((h) => h.start),
    ...score.parts.flatMap((p) => p.notes.map((n) => n.start)),
  ];
  const off = starts.filter((start) => Math.abs(start / 0.25 - Math.round(start / 0.25)) >= 0.16);
  return off.length / Math.max(1, starts.length) > 0.1;
}
